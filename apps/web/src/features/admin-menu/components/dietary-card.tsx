import { ALLERGENS, DIETARY_TAGS } from '@comanda/shared';
import type { ProductForm } from '../hooks/use-product-form';
import styles from './product-editor.module.css';

/** What the product contains and what it suits: ticked from the shared lists, shown on its card and page. */
export function DietaryCard({ form }: { form: ProductForm }) {
  const { draft, problems, set } = form;
  return (
    <div className={styles.card}>
      <CodeChecks
        legend="Alérgenos (contiene)"
        name="allergens"
        list={ALLERGENS}
        chosen={draft.allergens}
        onChange={(codes) => set('allergens', codes)}
        error={problems.fields.allergens}
      />
      <CodeChecks
        legend="Etiquetas"
        name="tags"
        list={DIETARY_TAGS}
        chosen={draft.tags}
        onChange={(codes) => set('tags', codes)}
        error={problems.fields.tags}
      />
      <p className={styles.slug}>
        La tienda los muestra en la tarjeta y la página del producto, y el buscador filtra por
        etiquetas. Sin marcar nada no se muestra nada.
      </p>
    </div>
  );
}

interface CodeChecksProps {
  legend: string;
  name: 'allergens' | 'tags';
  list: readonly { code: string; label: string }[];
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
}

function CodeChecks({ legend, name, list, chosen, onChange, error }: CodeChecksProps) {
  const errorId = `${name}-error`;
  return (
    <fieldset className={styles.checks} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.cardTitle}>{legend}</legend>
      {list.map(({ code, label }) => (
        <label key={code} className={styles.check}>
          <input
            type="checkbox"
            name={name}
            value={code}
            checked={chosen.includes(code)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, code] : chosen.filter((c) => c !== code))
            }
          />
          {label}
        </label>
      ))}
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

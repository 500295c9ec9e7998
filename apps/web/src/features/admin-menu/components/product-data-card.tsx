import type { AdminCategory } from '@comanda/shared';
import { ImageField } from '@/components/admin/image-field';
import { SelectField, TextField } from '@/components/ui/form-field';
import { draftPaysOwnPrice } from '../lib/product-draft';
import type { ProductForm } from '../hooks/use-product-form';
import styles from './product-editor.module.css';

interface ProductDataCardProps {
  form: ProductForm;
  categories: readonly AdminCategory[] | undefined;
}

/** Datos: the product's name, category, base price, descriptions and photo. */
export function ProductDataCard({ form, categories }: ProductDataCardProps) {
  const { draft, problems, set, bind } = form;
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>Datos</h2>
      <TextField label="Nombre" autoComplete="off" maxLength={120} {...bind('title')} />
      <SelectField
        name="category_id"
        label="Categoría"
        value={draft.category_id}
        error={problems.fields.category_id}
        onChange={(e) => set('category_id', e.target.value)}
      >
        <option value="">Elige una categoría</option>
        {(categories ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
            {c.hidden ? ' (oculta)' : ''}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Precio base ($)"
        inputMode="numeric"
        autoComplete="off"
        hint={
          draftPaysOwnPrice(draft)
            ? 'En pesos, sin centavos. Si el tamaño tiene precio, ese es el precio.'
            : 'No se cobra: cada tamaño tiene su precio, y el menú muestra «Desde» el más barato.'
        }
        {...bind('price')}
      />
      <TextField
        label="Descripción corta"
        autoComplete="off"
        maxLength={300}
        hint="Se ve en la lista del menú."
        {...bind('description_eco')}
      />
      <DescriptionField form={form} />
      <ImageField
        label="Foto"
        kind="product"
        hint="Opcional. JPEG, PNG o WebP, hasta 5 MB. Sin foto, la tienda muestra un plato vacío."
        value={draft.image}
        onChange={(url) => set('image', url)}
        error={problems.fields.image}
      />
    </div>
  );
}

/** The long description: a text area, which the form's TextField is not. */
function DescriptionField({ form: { draft, problems, set } }: { form: ProductForm }) {
  const error = problems.fields.description;
  return (
    <label className={styles.field}>
      <span className={styles.label}>Descripción</span>
      <textarea
        className={`${styles.input} ${styles.textarea}`}
        name="description"
        value={draft.description}
        maxLength={2000}
        onChange={(e) => set('description', e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {error ? <span className={styles.fieldError}>{error}</span> : null}
    </label>
  );
}

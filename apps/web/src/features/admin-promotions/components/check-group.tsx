import { useId } from 'react';
import { idsOf } from '../lib/promotion-values';
import cards from '@/components/admin/admin-cards.module.css';
import styles from './promotions.module.css';

/**
 * A set of checkboxes held as one form value ("1,2,3"): the products, categories, weekdays or
 * branches a rule names. Named after its field, so a failed save can focus it.
 */
export function CheckGroup({
  name,
  legend,
  help,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  help?: string;
  options: readonly { id: number; title: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const chosen = new Set(idsOf(value));
  const toggle = (option: number) => {
    const next = chosen.has(option) ? [...chosen].filter((o) => o !== option) : [...chosen, option];
    onChange(next.sort((a, b) => a - b).join(','));
  };
  return (
    <fieldset
      className={styles.group}
      name={name}
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {help ? (
        <p id={`${id}-help`} className={styles.help}>
          {help}
        </p>
      ) : null}
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.id} className={cards.check}>
            <input
              type="checkbox"
              checked={chosen.has(option.id)}
              onChange={() => toggle(option.id)}
            />
            {option.title}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

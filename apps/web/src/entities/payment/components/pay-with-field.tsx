import { formatMoney } from '@comanda/shared';
import { useId } from 'react';
import { changeSuggestions } from '../lib/pay-with';
import styles from './pay-with-field.module.css';

interface PayWithFieldProps {
  /** What the customer typed, as typed. */
  value: string;
  onChange: (value: string) => void;
  /** What they pay: the suggestions are the round amounts above it. */
  total: number;
  errors: readonly string[] | undefined;
}

/**
 * Cash: `¿Con cuánto pagas?`, optional, so the courier (or the counter) brings change. Typed in
 * pesos, or one tap on a round amount above the total.
 */
export function PayWithField({ value, onChange, total, errors }: PayWithFieldProps) {
  const id = useId();
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        ¿Con cuánto pagas?
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Opcional: así llevamos el cambio.
      </p>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          placeholder={`Ej.: ${formatMoney(changeSuggestions(total)[0] ?? total)}`}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-hint ${id}-errors` : `${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <div className={styles.suggestions} role="group" aria-label="Valores sugeridos">
        {changeSuggestions(total).map((amount) => (
          <button
            key={amount}
            type="button"
            className={styles.suggestion}
            aria-pressed={value.replace(/\D/g, '') === String(amount)}
            onClick={() => onChange(formatMoney(amount).slice(1))}
          >
            {formatMoney(amount)}
          </button>
        ))}
      </div>
      {invalid ? (
        <ul id={`${id}-errors`} className={styles.errors}>
          {errors!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

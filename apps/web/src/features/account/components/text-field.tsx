import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import styles from './text-field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Label above, the control, its hint and its error right under it (spec §8: "field errors
 * appear beside the fields"). Ids come from useId: the checkout shows these forms next to
 * other forms, and two fields must never share an id.
 */
export function TextField({ name, label, error, hint, ref, className, type, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const control = (
    <input
      ref={ref}
      id={id}
      name={name}
      type={isPassword && revealed ? 'text' : type}
      className={[styles.control, isPassword ? styles.withToggle : undefined, className].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {isPassword ? (
        <div className={styles.wrap}>
          {control}
          {/* Typing a password on a phone keyboard is error-prone: let the customer check it. */}
          <button
            type="button"
            className={styles.toggle}
            aria-label={`${revealed ? 'Ocultar' : 'Mostrar'} ${label.toLowerCase()}`}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Ocultar' : 'Mostrar'}
          </button>
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7.5v5.5M12 16.5v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message for the whole form (too many attempts, no connection), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  // The live region stays in the page while empty, so the message is read out when it arrives.
  return (
    <div role="alert" className={styles.alertRegion}>
      {message ? <p className={styles.alert}>{message}</p> : null}
    </div>
  );
}

import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './branch-controls.module.css';

interface NumberSettingProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSave: (event: FormEvent) => void;
  /** The field's own message (a wrong number), shown under it and read aloud. */
  error: string | null;
  sending: boolean;
  /** The field's kind of number: its type, input mode and bounds. */
  input: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'min' | 'max' | 'maxLength'
  >;
  /** Under the field: what the save said. */
  children?: ReactNode;
}

/** One number of a branch's settings in Controles, with its Guardar: the preparation time, the slot capacity. */
export function NumberSetting(props: NumberSettingProps) {
  const { label, value, onChange, onSave, error, sending, input, children } = props;
  const inputId = useId();
  return (
    <form className={styles.row} onSubmit={onSave} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.inline}>
        <input
          id={inputId}
          className={styles.input}
          {...input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className={styles.big} disabled={sending}>
          Guardar
        </button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </form>
  );
}

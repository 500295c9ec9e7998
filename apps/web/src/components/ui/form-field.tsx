import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import styles from './form-field.module.css';

/**
 * Form controls shared by every form of the storefront: the label above, the control, then its
 * hint and its error right under it (product.md «Error catalogue»: "field errors appear beside the fields"; «States and transitions» state 3).
 * Ids come from useId: the checkout shows several forms at once, and no two fields may share one.
 */
interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  /** Said under the control; several sentences (a password's rules) as a list. */
  hint?: string | readonly string[] | undefined;
  children: ReactNode;
}

const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

/** The ids a control points at: its hint, then its error, so a screen reader reads both. */
function describedBy(
  id: string,
  { error, hint }: { error?: string | undefined; hint?: FieldFrameProps['hint'] },
) {
  return (
    [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean).join(' ') || undefined
  );
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {typeof hint === 'string' ? (
        <p id={hintId(id)} className={styles.hint}>
          {hint}
        </p>
      ) : hint ? (
        <ul id={hintId(id)} className={`${styles.hint} ${styles.hintList}`}>
          {hint.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId(id)} className={styles.error}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M12 7.5v5.5M12 16.5v.01"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: FieldFrameProps['hint'];
  ref?: Ref<HTMLInputElement>;
};

export function TextField({
  name,
  label,
  error,
  hint,
  ref,
  className,
  type,
  ...input
}: TextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const control = (
    <input
      ref={ref}
      id={id}
      name={name}
      type={isPassword && revealed ? 'text' : type}
      className={[styles.control, isPassword ? styles.withToggle : undefined, className]
        .filter(Boolean)
        .join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, { error, hint })}
      {...input}
    />
  );
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
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
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
};

export function SelectField({ name, label, error, hint, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className={styles.selectWrap}>
        <select
          id={id}
          name={name}
          className={`${styles.control} ${styles.select}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error, hint })}
          {...select}
        >
          {children}
        </select>
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 9l6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    </FieldFrame>
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

/**
 * product.md «States and transitions» state 4 / «Error catalogue»: a single error is shown as an uppercase red heading. It is announced
 * (its live region is always in the page, so the new text is read out) and takes focus, so
 * nobody misses why nothing happened.
 */
export function FormHeadingError({
  message,
  ref,
}: {
  message: string | null;
  ref?: Ref<HTMLHeadingElement>;
}) {
  // The live region wraps the heading: role=alert on the h2 itself would stop it being a heading.
  return (
    <div role="alert" className={styles.alertRegion}>
      {message ? (
        <h2 ref={ref} className={styles.headingError} tabIndex={-1}>
          {message}
        </h2>
      ) : null}
    </div>
  );
}

import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import styles from './account-form.module.css';

interface AccountFormProps {
  /** From `useForm` (spread it in): the form's element, its submit, whether it is sending, its message. */
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => Promise<void>;
  sending: boolean;
  problems: { form: string | null };
  /** The submit button's words, and what it says while sending ("Guardando…"). */
  submitText: string;
  sendingText: string;
  /** Full width, as on the login and sign-up screens; "Tu cuenta" keeps its buttons to their text. */
  block?: boolean;
  /** The form's accessible name, where a screen holds more than one. */
  label?: string;
  children: ReactNode;
}

/**
 * The account's forms (login, sign-up, the reset link, "Tu cuenta"): one shape — fields, the
 * form's message, and a submit that says it is working and cannot be pressed twice.
 */
export function AccountForm({
  formRef,
  onSubmit,
  sending,
  problems,
  submitText,
  sendingText,
  block = false,
  label,
  children,
}: AccountFormProps) {
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={label}
      aria-busy={sending || undefined}
    >
      {children}
      <FormAlert message={problems.form} />
      <Button type="submit" block={block} disabled={sending} aria-busy={sending || undefined}>
        {sending ? sendingText : submitText}
      </Button>
    </form>
  );
}

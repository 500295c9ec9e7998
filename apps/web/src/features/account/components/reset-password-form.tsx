import { PASSWORD_RESET_MESSAGES, PASSWORD_RULES, resetPasswordBody } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useResetPassword } from '../api/reset-password';
import styles from './account-form.module.css';

const FIELDS = ['password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];

interface ResetPasswordFormProps {
  /** The token of the emailed link. */
  token: string;
  /** What to show once the password changed (the way to log in). */
  done: React.ReactNode;
}

/** The emailed link's screen: a new password, twice. A used or expired link says so. */
export function ResetPasswordForm({ token, done }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const [changed, setChanged] = useState(false);
  const { problems, sending, onSubmit, formRef, bind } = useForm<Field, { status: boolean }>({
    fields: FIELDS,
    initial: { password: '', password_confirmation: '' },
    check: (values) => problemsFromParse(resetPasswordBody.safeParse({ ...values, token }), FIELDS),
    send: (values) => reset.mutateAsync({ ...values, token }),
    onSent: () => setChanged(true),
  });

  if (changed)
    return (
      <div role="status" className={styles.notice}>
        <p>{PASSWORD_RESET_MESSAGES.done}</p>
        {done}
      </div>
    );
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={sending || undefined}
    >
      <TextField
        {...bind('password')}
        aria-required
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_RULES.maxLength}
        hint={`Mínimo ${PASSWORD_RULES.minLength.customer} caracteres.`}
      />
      <TextField
        {...bind('password_confirmation')}
        aria-required
        label="Confirma la contraseña nueva"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_RULES.maxLength}
      />
      <FormAlert message={problems.form} />
      <Button type="submit" block disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Guardando…' : 'Guardar contraseña'}
      </Button>
    </form>
  );
}

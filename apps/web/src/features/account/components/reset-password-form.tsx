import { PASSWORD_RESET_MESSAGES, resetPasswordBody } from '@comanda/shared';
import { useState } from 'react';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';
import styles from './account-form.module.css';
import { AccountForm } from './account-form';

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
  const form = useForm<Field, { status: boolean }>({
    fields: FIELDS,
    initial: { password: '', password_confirmation: '' },
    check: (values) => problemsFromParse(resetPasswordBody.safeParse({ ...values, token }), FIELDS),
    send: (values) => reset.mutateAsync({ ...values, token }),
    onSent: () => setChanged(true),
  });
  const { bind } = form;

  if (changed)
    return (
      <div role="status" className={styles.notice}>
        <p>{PASSWORD_RESET_MESSAGES.done}</p>
        {done}
      </div>
    );
  return (
    <AccountForm {...form} submitText="Guardar contraseña" sendingText="Guardando…" block>
      <NewPasswordFields bind={bind} replacing />
    </AccountForm>
  );
}

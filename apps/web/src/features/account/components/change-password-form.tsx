import { CREDENTIAL_MESSAGES, changePasswordBody } from '@comanda/shared';
import { useState } from 'react';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useChangePassword } from '../api/change-password';
import { CurrentPasswordField } from './current-password-field';
import { NewPasswordFields } from './new-password-fields';
import styles from './account-form.module.css';
import { AccountForm } from './account-form';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  current_password: '',
  password: '',
  password_confirmation: '',
};

/** "Cambiar contraseña": the current one, then the new one twice. */
export function ChangePasswordForm() {
  // A changed password empties the form (a fresh one under a new key) and says what happened.
  const [changes, setChanges] = useState(0);
  return (
    <>
      {changes > 0 && (
        <p role="status" className={styles.notice}>
          {CREDENTIAL_MESSAGES.passwordChanged}
        </p>
      )}
      <PasswordForm key={changes} onChanged={() => setChanges((count) => count + 1)} />
    </>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangePassword();
  const form = useForm<Field, { status: boolean }>({
    fields: FIELDS,
    initial: EMPTY,
    check: (values) => problemsFromParse(changePasswordBody.safeParse(values), FIELDS),
    send: (values) => change.mutateAsync(values),
    onSent: onChanged,
  });
  const { bind } = form;
  return (
    <AccountForm
      {...form}
      submitText="Cambiar contraseña"
      sendingText="Guardando…"
      label="Cambiar contraseña"
    >
      <CurrentPasswordField binding={bind('current_password')} />
      <NewPasswordFields bind={bind} replacing />
    </AccountForm>
  );
}

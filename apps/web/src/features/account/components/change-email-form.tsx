import { CREDENTIAL_MESSAGES, changeEmailBody, type User } from '@comanda/shared';
import { useState } from 'react';
import { TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useSession } from '@/stores/session-store';
import { useChangeEmail } from '../api/change-email';
import { CurrentPasswordField } from './current-password-field';
import styles from './account-form.module.css';
import { AccountForm } from './account-form';

const FIELDS = ['email', 'current_password'] as const;
type Field = (typeof FIELDS)[number];

/** "Cambiar email": the new address and the password; the old address is told. */
export function ChangeEmailForm() {
  const email = useSession((state) => state.user?.email ?? '');
  const [changes, setChanges] = useState(0);
  return (
    <>
      <p className={styles.notice}>
        Tu email: <strong>{email}</strong>
      </p>
      {changes > 0 && (
        <p role="status" className={styles.notice}>
          {CREDENTIAL_MESSAGES.emailChanged}
        </p>
      )}
      <EmailForm key={changes} onChanged={() => setChanges((count) => count + 1)} />
    </>
  );
}

function EmailForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangeEmail();
  const form = useForm<Field, { user: User }>({
    fields: FIELDS,
    initial: { email: '', current_password: '' },
    check: (values) => problemsFromParse(changeEmailBody.safeParse(values), FIELDS),
    send: (values) => change.mutateAsync(values),
    onSent: onChanged,
  });
  const { bind } = form;
  return (
    <AccountForm
      {...form}
      submitText="Cambiar email"
      sendingText="Guardando…"
      label="Cambiar email"
    >
      <TextField
        {...bind('email')}
        aria-required
        label="Email nuevo"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
      />
      <CurrentPasswordField binding={bind('current_password')} />
    </AccountForm>
  );
}

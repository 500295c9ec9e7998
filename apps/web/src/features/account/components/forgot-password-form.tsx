import { PASSWORD_RESET_MESSAGES, forgotPasswordBody } from '@comanda/shared';
import { useState } from 'react';
import { TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useForgotPassword } from '../api/forgot-password';
import styles from './account-form.module.css';
import { AccountForm } from './account-form';

const FIELDS = ['email'] as const;
type Field = (typeof FIELDS)[number];

/**
 * "¿Olvidaste tu contraseña?": the email of the account. The answer is the same whether or not
 * it has one (the server reveals nothing), so the screen says what to do next either way.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Field, { status: boolean }>({
    fields: FIELDS,
    initial: { email: '' },
    check: (values) => problemsFromParse(forgotPasswordBody.safeParse(values), FIELDS),
    send: (values) => forgot.mutateAsync(forgotPasswordBody.parse(values)),
    onSent: (_answer, values) => setSentTo(values.email),
  });
  const { bind } = form;

  if (sentTo !== null)
    return (
      <p role="status" className={styles.notice}>
        {PASSWORD_RESET_MESSAGES.sent}
      </p>
    );
  return (
    <AccountForm {...form} submitText="Enviarme el enlace" sendingText="Enviando…" block>
      <TextField
        {...bind('email')}
        aria-required
        label="Email de tu cuenta"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
      />
    </AccountForm>
  );
}

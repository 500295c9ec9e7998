import { PASSWORD_RESET_MESSAGES, forgotPasswordBody } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useForgotPassword } from '../api/forgot-password';
import styles from './account-form.module.css';

const FIELDS = ['email'] as const;
type Field = (typeof FIELDS)[number];

/**
 * "¿Olvidaste tu contraseña?": the email of the account. The answer is the same whether or not
 * it has one (the server reveals nothing), so the screen says what to do next either way.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { problems, sending, onSubmit, formRef, bind } = useForm<Field, { status: boolean }>({
    fields: FIELDS,
    initial: { email: '' },
    check: (values) => problemsFromParse(forgotPasswordBody.safeParse(values), FIELDS),
    send: (values) => forgot.mutateAsync(forgotPasswordBody.parse(values)),
    onSent: (_answer, values) => setSentTo(values.email),
  });

  if (sentTo !== null)
    return (
      <p role="status" className={styles.notice}>
        {PASSWORD_RESET_MESSAGES.sent}
      </p>
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
      <FormAlert message={problems.form} />
      <Button type="submit" block disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Enviando…' : 'Enviarme el enlace'}
      </Button>
    </form>
  );
}

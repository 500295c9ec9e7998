import { loginBody, type AuthResponse } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { useLogin } from '../api/login';
import { forgetAccountData } from '../lib/account-queries';
import { fieldErrorsFromIssues } from '../lib/field-errors';
import { useAccountForm } from '../lib/use-account-form';
import { FormAlert, TextField } from '@/components/ui/form-field';
import styles from './account-form.module.css';

const FIELDS = ['email_login', 'password_login'] as const;
type Field = (typeof FIELDS)[number];

interface LoginFormProps {
  /** Called after a successful login instead of going to / (the checkout stays where it is). */
  onSuccess?: () => void;
}

/**
 * Spec §2 /login form: email_login (an email or a phone number) and password_login, checked with
 * the server's own schema (spec §5 messages), server field errors beside the fields (spec §8).
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const { values, errors, formError, sending, setValue, onSubmit, formRef } = useAccountForm<Field, AuthResponse>({
    fields: FIELDS,
    initial: { email_login: '', password_login: '' },
    check: (values) => {
      const parsed = loginBody.safeParse(values);
      return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, FIELDS);
    },
    send: (values) => login.mutateAsync(values),
    onSent: ({ access_token, user }) => {
      forgetAccountData(queryClient);
      useSession.getState().login(access_token, user);
      if (onSuccess) onSuccess();
      else void navigate(paths.landing.getHref());
    },
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={sending || undefined}>
      <TextField
        name="email_login"
        label="Email o celular"
        value={values.email_login}
        error={errors.email_login}
        onChange={(event) => setValue('email_login', event.target.value)}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        aria-required="true"
      />
      <TextField
        name="password_login"
        label="Contraseña"
        type="password"
        value={values.password_login}
        error={errors.password_login}
        onChange={(event) => setValue('password_login', event.target.value)}
        autoComplete="current-password"
        maxLength={200}
        aria-required="true"
      />
      <FormAlert message={formError} />
      <Button type="submit" block disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Iniciando…' : 'Iniciar'}
      </Button>
    </form>
  );
}

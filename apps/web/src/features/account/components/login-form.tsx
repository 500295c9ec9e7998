import { loginBody, type AuthResponse } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { useStartSession } from '../lib/use-start-session';
import { TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import styles from './account-form.module.css';
import { AccountForm } from './account-form';

const FIELDS = ['email_login', 'password_login'] as const;
type Field = (typeof FIELDS)[number];

interface LoginFormProps {
  /** Called after a successful login instead of going to / (the checkout stays where it is). */
  onSuccess?: () => void;
}

/**
 * product.md «Screens and routes» /login form: email_login (an email or a phone number) and password_login, checked with
 * the server's own schema (product.md «Validation rules and messages» messages), server field errors beside the fields (product.md «Error catalogue»).
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const login = useLogin();
  const startSession = useStartSession(onSuccess);
  const form = useForm<Field, AuthResponse>({
    fields: FIELDS,
    initial: { email_login: '', password_login: '' },
    check: (values) => problemsFromParse(loginBody.safeParse(values), FIELDS),
    send: (values) => login.mutateAsync(values),
    onSent: startSession,
  });
  const { bind } = form;

  return (
    <AccountForm {...form} submitText="Iniciar" sendingText="Iniciando…" block>
      <TextField
        {...bind('email_login')}
        label="Email o celular"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        aria-required="true"
      />
      <TextField
        {...bind('password_login')}
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        maxLength={200}
        aria-required="true"
      />
      <Link to={paths.passwordReset.getHref()} className={styles.forgot}>
        ¿Olvidaste tu contraseña?
      </Link>
    </AccountForm>
  );
}

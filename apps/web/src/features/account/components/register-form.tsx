import { PHONE_MAX_LENGTH, registerBody, type AuthResponse } from '@comanda/shared';
import { useRegister } from '../api/register';
import { useStartSession } from '../lib/use-start-session';
import { TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { NewPasswordFields } from './new-password-fields';
import { AccountForm } from './account-form';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];

interface RegisterFormProps {
  /** Called after the account is created (and logged in) instead of going to /. */
  onSuccess?: () => void;
}

/**
 * product.md «Registration» /registrate, made real: checked with the server's own `registerBody`
 * before sending; a taken email or phone comes back as one sentence beside both fields, which
 * does not say which (decision 076). Creating the account logs the customer in.
 */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const register = useRegister();
  const startSession = useStartSession(onSuccess);
  const form = useForm<Field, AuthResponse>({
    fields: FIELDS,
    initial: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
    check: (values) => problemsFromParse(registerBody.safeParse(values), FIELDS),
    send: (values) => {
      // Send what the schema made of the input (trimmed, email in lower case), as the server would.
      const parsed = registerBody.parse(values);
      return register.mutateAsync(parsed);
    },
    onSent: startSession,
  });
  const { setValue, bind } = form;

  return (
    <AccountForm {...form} submitText="Crear cuenta" sendingText="Creando tu cuenta…" block>
      <TextField
        {...bind('name')}
        label="Nombre"
        autoComplete="name"
        maxLength={120}
        aria-required
      />
      <TextField
        {...bind('email')}
        aria-required
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
      />
      <TextField
        {...bind('phone')}
        aria-required
        // product.md «Business constants»: at most 10 digits. Anything but digits is dropped as it is typed.
        onChange={(event) =>
          setValue('phone', event.target.value.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH))
        }
        label="Celular"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_MAX_LENGTH}
        hint="Solo números, máximo 10."
      />
      <NewPasswordFields bind={bind} />
    </AccountForm>
  );
}

import { PASSWORD_RULES, passwordRuleTexts } from '@comanda/shared';
import { TextField } from '@/components/ui/form-field';
import type { FieldBinding } from '@/lib/form/use-form';

interface NewPasswordFieldsProps {
  bind: (field: 'password' | 'password_confirmation') => FieldBinding;
  /** "Contraseña nueva" where the account already has one (the emailed reset link). */
  replacing?: boolean;
}

/**
 * A password chosen by the customer, twice: the sign-up form and the reset link ask for it the
 * same way (its rules listed under it, browser's new-password suggestion, the server's limit as
 * maxLength).
 */
export function NewPasswordFields({ bind, replacing = false }: NewPasswordFieldsProps) {
  const noun = replacing ? 'contraseña nueva' : 'contraseña';
  return (
    <>
      <TextField
        {...bind('password')}
        aria-required
        label={replacing ? 'Contraseña nueva' : 'Contraseña'}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_RULES.maxLength}
        // Every rule before the first try, from the shared rules; a refusal still shows beside
        // the field. Replacing one, the account's role is not known here: both lengths are said.
        hint={passwordRuleTexts(replacing ? null : 'customer')}
      />
      <TextField
        {...bind('password_confirmation')}
        aria-required
        label={`Confirma la ${noun}`}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_RULES.maxLength}
      />
    </>
  );
}

import { PASSWORD_RULES } from '@comanda/shared';
import { TextField } from '@/components/ui/form-field';
import type { FieldBinding } from '@/lib/form/use-form';

/** "Contraseña actual": what proves, before a change to the account, that it is its owner. */
export function CurrentPasswordField({ binding }: { binding: FieldBinding }) {
  return (
    <TextField
      {...binding}
      aria-required
      label="Contraseña actual"
      type="password"
      autoComplete="current-password"
      maxLength={PASSWORD_RULES.maxLength}
    />
  );
}

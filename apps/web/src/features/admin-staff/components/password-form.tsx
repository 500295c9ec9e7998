import type { StaffMember } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useForm } from '@/lib/form/use-form';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { checkPassword, PASSWORD_FIELDS } from '../lib/staff-form';
import styles from './staff.module.css';

/** The admin sets a new password for the account; every session of the account ends. */
export function PasswordForm({ member, onSent }: { member: StaffMember; onSent: () => void }) {
  const reset = useResetStaffPassword(member.id);
  const { problems, sending, onSubmit, formRef, bind } = useForm({
    fields: PASSWORD_FIELDS,
    initial: { password: '' },
    check: checkPassword,
    send: (values) => reset.mutateAsync({ ...values, version: member.version }),
    // The screen remounts this form afterwards, so the field starts empty and unchecked.
    onSent,
  });
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <TextField
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        hint="Al menos 12 caracteres; una frase de varias palabras es fácil de recordar y difícil de adivinar."
        {...bind('password')}
      />
      <FormAlert message={problems.form} />
      <div className={styles.buttons}>
        <Button
          type="submit"
          variant="secondary"
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? 'Guardando…' : 'Poner contraseña nueva'}
        </Button>
      </div>
    </form>
  );
}

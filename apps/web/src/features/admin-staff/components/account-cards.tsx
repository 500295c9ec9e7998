import type { StaffMember } from '@comanda/shared';
import { useState } from 'react';
import { useUpdateStaff } from '../api/update-staff';
import { updateBodyOf } from '../lib/staff-form';
import { AccountForm } from './account-form';
import { PasswordForm } from './password-form';
import { StaffCard } from './staff-card';
import styles from './staff.module.css';

interface CardProps {
  member: StaffMember;
  /** Says what was done, above the cards. */
  onDone: (message: string) => void;
}

/** The account's details and branches, saved over the version the screen read (decision 051). */
export function DataCard({ member, onDone }: CardProps) {
  const update = useUpdateStaff(member.id);
  return (
    <StaffCard id="staff-data" title="Datos y sedes">
      <p className={styles.hint}>
        Si cambias el rol o las sedes, sus sesiones se cierran y vuelve a entrar con el acceso
        nuevo.
      </p>
      <AccountForm
        member={member}
        submitLabel="Guardar cambios"
        send={(values, over) =>
          update.mutateAsync({
            ...updateBodyOf(values),
            version: over?.version ?? member.version,
          })
        }
        onSent={() => onDone('Cambios guardados.')}
      />
    </StaffCard>
  );
}

/** A new password set by the admin; the form starts empty again after each one. */
export function PasswordCard({ member, onDone }: CardProps) {
  const [round, setRound] = useState(0);
  return (
    <StaffCard id="staff-password" title="Contraseña">
      <p className={styles.hint}>
        Pon una contraseña nueva si la olvidó o si otra persona pudo conocerla. Todas sus sesiones
        se cerrarán y le avisamos por correo.
      </p>
      <PasswordForm
        key={round}
        member={member}
        onSent={() => {
          setRound((last) => last + 1);
          onDone('Contraseña cambiada. Sus sesiones se cerraron.');
        }}
      />
    </StaffCard>
  );
}

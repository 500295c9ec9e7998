import type { StaffMember } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useResetStaffSecondFactor } from '../api/reset-staff-second-factor';
import { useSetStaffActive } from '../api/set-staff-active';
import { useAskFirst } from '../hooks/use-ask-first';
import { StaffCard } from './staff-card';
import styles from './staff.module.css';

interface CardProps {
  member: StaffMember;
  /** Says what was done, above the cards. */
  onDone: (message: string) => void;
}

/** Whether the account may sign in: deactivating it (sessions end at once) or reactivating it. */
export function AccessCard({ member, onDone }: CardProps) {
  const change = useSetStaffActive(member.id);
  const question = useAskFirst(change, 'No pudimos cambiar el acceso.');
  const confirm = () => {
    change.mutate(!member.active, {
      onSuccess: (after) => {
        question.close();
        onDone(
          after.active
            ? 'Cuenta reactivada: puede volver a iniciar sesión.'
            : 'Cuenta desactivada: sus sesiones se cerraron.',
        );
      },
    });
  };

  return (
    <StaffCard id="staff-access" title="Acceso">
      {member.active ? (
        <p className={styles.hint}>
          Al desactivarla, no puede entrar al panel y sus sesiones abiertas se cierran al instante.
          Sus datos y su historial se conservan.
        </p>
      ) : (
        <p className={styles.hint}>
          La cuenta está desactivada: no puede iniciar sesión. Al reactivarla entra de nuevo con su
          contraseña.
        </p>
      )}
      <div className={styles.buttons}>
        <Button variant={member.active ? 'secondary' : 'primary'} onClick={question.ask}>
          {member.active ? 'Desactivar cuenta' : 'Reactivar cuenta'}
        </Button>
      </div>
      <ConfirmDialog
        {...question.dialog}
        title={
          member.active
            ? `¿Desactivar la cuenta de ${member.name}?`
            : `¿Reactivar la cuenta de ${member.name}?`
        }
        confirmLabel={member.active ? 'Desactivar' : 'Reactivar'}
        busyLabel={member.active ? 'Desactivando…' : 'Reactivando…'}
        onConfirm={confirm}
      >
        <p>
          {member.active
            ? 'No podrá entrar al panel y, si lo tiene abierto, se le cerrará ahora mismo.'
            : 'Podrá entrar de nuevo al panel con su contraseña actual.'}
        </p>
      </ConfirmDialog>
    </StaffCard>
  );
}

/** Whether the account has the second factor and, for a lost phone, forgetting it. */
export function SecondFactorCard({ member, onDone }: CardProps) {
  const reset = useResetStaffSecondFactor(member.id);
  const question = useAskFirst(reset, 'No pudimos quitar la verificación en dos pasos.');
  return (
    <StaffCard id="staff-second-factor" title="Verificación en dos pasos">
      {member.second_factor ? (
        <>
          <p className={styles.hint}>
            Activa. Si perdió el teléfono y sus códigos de recuperación, quítala: sus sesiones se
            cierran y entra con su contraseña (si la cadena se la pide, la activa de nuevo al
            entrar).
          </p>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={question.ask}>
              Quitar la verificación en dos pasos
            </Button>
          </div>
        </>
      ) : (
        <p className={styles.hint}>No la tiene activa. Cada cuenta la activa en Seguridad.</p>
      )}
      <ConfirmDialog
        {...question.dialog}
        title={`¿Quitar la verificación en dos pasos de ${member.name}?`}
        confirmLabel="Quitar"
        busyLabel="Quitando…"
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              question.close();
              onDone('Verificación en dos pasos quitada. Sus sesiones se cerraron.');
            },
          })
        }
      >
        <p>Sus códigos de la app y de recuperación dejarán de servir, y su sesión se cerrará.</p>
      </ConfirmDialog>
    </StaffCard>
  );
}

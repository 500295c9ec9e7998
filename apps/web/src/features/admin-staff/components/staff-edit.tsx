import { STAFF_ROLE_LABELS, type StaffMember } from '@comanda/shared';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { ApiError } from '@/lib/api-client';
import { useStaff } from '../api/get-staff';
import { useResetStaffSecondFactor } from '../api/reset-staff-second-factor';
import { useSetStaffActive } from '../api/set-staff-active';
import { useUpdateStaff } from '../api/update-staff';
import { updateBodyOf } from '../lib/staff-form';
import { AccountForm } from './account-form';
import { PasswordForm } from './password-form';
import records from '@/components/admin/record-list.module.css';
import styles from './staff.module.css';
import { panelHref } from '@/config/panel-paths';

/** /panel/admin/personal/:id: one account's details, a new password, and its access. */
export function StaffEdit() {
  const id = Number(useParams().id);
  const staff = useStaff();
  const member = staff.data?.find((m) => m.id === id);

  if (staff.isPending) {
    return (
      <p className={records.state} role="status">
        Cargando la cuenta…
      </p>
    );
  }
  if (staff.isError) {
    return (
      <ErrorState
        message="No pudimos cargar la cuenta."
        detail={staff.error.message}
        onRetry={() => void staff.refetch()}
        retrying={staff.isFetching}
      />
    );
  }
  if (!member) {
    return (
      <AdminSection
        title="Cuenta no encontrada"
        description="No hay ninguna cuenta del personal con ese número."
      >
        <Link to={panelHref.staff()} className={styles.back}>
          ← Volver al personal
        </Link>
      </AdminSection>
    );
  }
  // Keyed by the account: another account's screen starts from its own values.
  return <MemberScreen key={member.id} member={member} />;
}

function MemberScreen({ member }: { member: StaffMember }) {
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [saved, setSaved] = useState<string | null>(
    created
      ? 'Cuenta creada. Ya puede iniciar sesión en /panel con su email y la contraseña inicial.'
      : null,
  );
  const update = useUpdateStaff(member.id);
  const [passwordRound, setPasswordRound] = useState(0);

  return (
    <AdminSection
      title={member.name}
      description={`${STAFF_ROLE_LABELS[member.role]} · ${member.active ? 'Cuenta activa' : 'Cuenta desactivada'}`}
    >
      <Link to={panelHref.staff()} className={styles.back}>
        ← Volver al personal
      </Link>
      <div role="status" className={styles.savedRegion}>
        {saved ? <p className={styles.saved}>{saved}</p> : null}
      </div>

      <section className={styles.card} aria-labelledby="staff-data">
        <h2 id="staff-data" className={styles.cardTitle}>
          Datos y sedes
        </h2>
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
          onSent={() => setSaved('Cambios guardados.')}
        />
      </section>

      <section className={styles.card} aria-labelledby="staff-password">
        <h2 id="staff-password" className={styles.cardTitle}>
          Contraseña
        </h2>
        <p className={styles.hint}>
          Pon una contraseña nueva si la olvidó o si otra persona pudo conocerla. Todas sus sesiones
          se cerrarán y le avisamos por correo.
        </p>
        <PasswordForm
          key={passwordRound}
          member={member}
          onSent={() => {
            setPasswordRound((round) => round + 1);
            setSaved('Contraseña cambiada. Sus sesiones se cerraron.');
          }}
        />
      </section>

      <SecondFactorCard member={member} onDone={setSaved} />

      <AccessCard member={member} onDone={setSaved} />
    </AdminSection>
  );
}

function AccessCard({
  member,
  onDone,
}: {
  member: StaffMember;
  onDone: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const change = useSetStaffActive(member.id);
  const problem =
    change.error instanceof ApiError
      ? change.error.message
      : change.error
        ? 'No pudimos cambiar el acceso.'
        : null;

  const confirm = () => {
    change.mutate(!member.active, {
      onSuccess: (after) => {
        setAsking(false);
        onDone(
          after.active
            ? 'Cuenta reactivada: puede volver a iniciar sesión.'
            : 'Cuenta desactivada: sus sesiones se cerraron.',
        );
      },
    });
  };

  return (
    <section className={styles.card} aria-labelledby="staff-access">
      <h2 id="staff-access" className={styles.cardTitle}>
        Acceso
      </h2>
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
        <Button
          variant={member.active ? 'secondary' : 'primary'}
          onClick={() => {
            change.reset();
            setAsking(true);
          }}
        >
          {member.active ? 'Desactivar cuenta' : 'Reactivar cuenta'}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={
          member.active
            ? `¿Desactivar la cuenta de ${member.name}?`
            : `¿Reactivar la cuenta de ${member.name}?`
        }
        confirmLabel={member.active ? 'Desactivar' : 'Reactivar'}
        busyLabel={member.active ? 'Desactivando…' : 'Reactivando…'}
        busy={change.isPending}
        error={problem}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <p>
          {member.active
            ? 'No podrá entrar al panel y, si lo tiene abierto, se le cerrará ahora mismo.'
            : 'Podrá entrar de nuevo al panel con su contraseña actual.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** Whether the account has the second factor and, for a lost phone, forgetting it. */
function SecondFactorCard({
  member,
  onDone,
}: {
  member: StaffMember;
  onDone: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const reset = useResetStaffSecondFactor(member.id);
  const problem =
    reset.error instanceof ApiError
      ? reset.error.message
      : reset.error
        ? 'No pudimos quitar la verificación en dos pasos.'
        : null;
  return (
    <section className={styles.card} aria-labelledby="staff-second-factor">
      <h2 id="staff-second-factor" className={styles.cardTitle}>
        Verificación en dos pasos
      </h2>
      {member.second_factor ? (
        <>
          <p className={styles.hint}>
            Activa. Si perdió el teléfono y sus códigos de recuperación, quítala: sus sesiones se
            cierran y entra con su contraseña (si la cadena se la pide, la activa de nuevo al
            entrar).
          </p>
          <div className={styles.buttons}>
            <Button
              variant="secondary"
              onClick={() => {
                reset.reset();
                setAsking(true);
              }}
            >
              Quitar la verificación en dos pasos
            </Button>
          </div>
        </>
      ) : (
        <p className={styles.hint}>No la tiene activa. Cada cuenta la activa en Seguridad.</p>
      )}
      <ConfirmDialog
        open={asking}
        title={`¿Quitar la verificación en dos pasos de ${member.name}?`}
        confirmLabel="Quitar"
        busyLabel="Quitando…"
        busy={reset.isPending}
        error={problem}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              onDone('Verificación en dos pasos quitada. Sus sesiones se cerraron.');
            },
          })
        }
        onClose={() => setAsking(false)}
      >
        <p>Sus códigos de la app y de recuperación dejarán de servir, y su sesión se cerrará.</p>
      </ConfirmDialog>
    </section>
  );
}

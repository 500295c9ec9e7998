import { STAFF_ROLE_LABELS, type StaffMember } from '@comanda/shared';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { AdminSection } from '@/components/admin/admin-section';
import { ErrorState } from '@/components/ui/error-state';
import { useStaff } from '../api/get-staff';
import { AccessCard, SecondFactorCard } from './access-cards';
import { DataCard, PasswordCard } from './account-cards';
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
      <DataCard member={member} onDone={setSaved} />
      <PasswordCard member={member} onDone={setSaved} />
      <SecondFactorCard member={member} onDone={setSaved} />
      <AccessCard member={member} onDone={setSaved} />
    </AdminSection>
  );
}

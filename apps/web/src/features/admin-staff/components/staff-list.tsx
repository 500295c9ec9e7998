import { STAFF_ROLE_LABELS, type StaffMember } from '@comanda/shared';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { buttonClass } from '@/components/ui/button';
import { useBranchChoices } from '@/lib/admin/branch-choices';
import { useStaff } from '../api/get-staff';
import { matches } from '../lib/staff-form';
import styles from './staff.module.css';
import { panelHref } from '@/config/panel-paths';

/** /panel/admin/personal: every staff and admin account, active ones first, searchable. */
export function StaffList() {
  const [search, setSearch] = useState('');
  const staff = useStaff();
  const branches = useBranchChoices();
  const titleOf = new Map((branches.data ?? []).map((branch) => [branch.id, branch.title]));
  const branchNames = (member: StaffMember) =>
    member.role === 'admin'
      ? 'Todas las sedes'
      : member.branch_ids.map((id) => titleOf.get(id) ?? `Sede ${id}`).join(', ');
  const rows = [...(staff.data ?? [])]
    .sort((a, b) => Number(b.active) - Number(a.active))
    .filter((member) => matches(member, branchNames(member), search));

  return (
    <AdminSection
      title="Personal"
      description="Las cuentas de quienes atienden las sedes y de la administración. Los clientes no aparecen aquí."
      actions={
        <Link to={panelHref.newStaff()} className={buttonClass('primary')}>
          Nueva cuenta
        </Link>
      }
      search={{
        label: 'Buscar por nombre, email, celular o sede',
        value: search,
        onChange: setSearch,
      }}
    >
      <AdminList
        look="rows"
        live
        query={staff}
        items={rows}
        loading="Cargando el personal…"
        failed="No pudimos cargar el personal."
        failedDetail
        empty="Nadie coincide con la búsqueda."
      >
        {(member) => <StaffRow key={member.id} member={member} branchNames={branchNames(member)} />}
      </AdminList>
    </AdminSection>
  );
}

/** One account: name, role, whether it is active, how to reach it, its branches. */
function StaffRow({ member, branchNames }: { member: StaffMember; branchNames: string }) {
  return (
    <li className={`${styles.row} ${member.active ? '' : styles.inactive}`}>
      <div className={styles.who}>
        <h2 className={styles.name}>{member.name}</h2>
        <p className={styles.badges}>
          <span className={member.role === 'admin' ? styles.badgeAdmin : styles.badge}>
            {STAFF_ROLE_LABELS[member.role]}
          </span>
          {member.active ? null : <span className={styles.badgeOff}>Desactivada</span>}
        </p>
        <p className={styles.contact}>
          <span>{member.email}</span> · <span>{member.phone}</span>
        </p>
        <p className={styles.branches}>
          <span className={styles.branchesLabel}>Sedes:</span> {branchNames || '—'}
        </p>
      </div>
      <Link
        to={panelHref.staffMember(member.id)}
        className={buttonClass('secondary')}
        aria-label={`Gestionar la cuenta de ${member.name}`}
      >
        Gestionar
      </Link>
    </li>
  );
}

import type { AdminBranch } from '@comanda/shared';
import { Outlet, useOutletContext, useParams } from 'react-router';
import { Link, NavLink } from '@/components/ui/link';
import { AdminSection } from '@/components/admin/admin-section';
import { ErrorState } from '@/components/ui/error-state';
import { useAdminBranches } from '../api/get-branches';
import { BRANCH_TABS } from '../lib/branch-tabs';
import { AutoAcceptCard } from './auto-accept-card';
import { BranchDataForm } from './branch-data-form';
import { CapacityForm } from './capacity-form';
import { ExceptionsEditor } from './exceptions-editor';
import { HoursEditor } from './hours-editor';
import { PrintersCard } from './printers-card';
import { StationsCard } from './stations-card';
import { ZonesEditor } from './zones-editor';
import styles from './branches.module.css';
import { panelHref } from '@/config/panel-paths';

/**
 * /panel/admin/sedes/nueva and /panel/admin/sedes/{id}/{tab}: a new branch's data, or one
 * branch's tabs (Datos, Horario, Excepciones, Zonas de domicilio), each saved on its own.
 */
export function BranchEditor() {
  const { id: idParam } = useParams();
  const branches = useAdminBranches();

  if (idParam === undefined) {
    return (
      <AdminSection
        title="Nueva sede"
        description="Después de crearla, agrega su horario y sus zonas de domicilio."
        actions={<BackToBranches />}
      >
        <BranchDataForm branch={null} />
      </AdminSection>
    );
  }
  if (branches.isPending) {
    return (
      <p className={styles.state} role="status">
        Cargando la sede…
      </p>
    );
  }
  if (branches.isError) {
    return (
      <ErrorState
        message="No pudimos cargar la sede."
        detail={branches.error.message}
        onRetry={() => void branches.refetch()}
        retrying={branches.isFetching}
      />
    );
  }
  const branch = branches.data.find((b) => String(b.id) === idParam);
  if (!branch) {
    return (
      <AdminSection title="Sede no encontrada" actions={<BackToBranches />}>
        <p className={styles.state}>Esa sede no existe.</p>
      </AdminSection>
    );
  }
  return <BranchTabs branch={branch} />;
}

function BackToBranches() {
  return (
    <Link className={styles.back} to={panelHref.branches()}>
      ← Todas las sedes
    </Link>
  );
}

/** One branch: its name, where it is (or that it is hidden), its tabs and the open one. */
function BranchTabs({ branch }: { branch: AdminBranch }) {
  return (
    <AdminSection
      title={branch.title}
      description={branch.hidden ? 'Oculta en la tienda.' : `${branch.address} · ${branch.city}`}
      actions={<BackToBranches />}
    >
      <nav className={styles.tabs} aria-label={`Secciones de ${branch.title}`}>
        {BRANCH_TABS.map((tab) => (
          <NavLink
            key={tab.path}
            to={panelHref.branch(branch.id, tab.path)}
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet context={branch} />
    </AdminSection>
  );
}

// One branch's tabs, each a route of app/panel-routes.tsx under the editor above. Keyed by
// branch: moving to another branch starts its forms afresh.
const useEditedBranch = () => useOutletContext<AdminBranch>();

export function BranchDataTab() {
  const branch = useEditedBranch();
  return (
    <div className={styles.sections}>
      <BranchDataForm key={branch.id} branch={branch} />
      <CapacityForm key={`capacity-${branch.id}`} branch={branch} />
      <AutoAcceptCard key={`auto-accept-${branch.id}`} branchId={branch.id} />
      <PrintersCard key={`printers-${branch.id}`} branchId={branch.id} />
      <StationsCard key={`stations-${branch.id}`} branchId={branch.id} />
    </div>
  );
}

export function BranchHoursTab() {
  const branch = useEditedBranch();
  return <HoursEditor key={branch.id} branch={branch} />;
}

export function BranchExceptionsTab() {
  const branch = useEditedBranch();
  return <ExceptionsEditor key={branch.id} branch={branch} />;
}

export function BranchZonesTab() {
  const branch = useEditedBranch();
  return <ZonesEditor key={branch.id} branch={branch} />;
}

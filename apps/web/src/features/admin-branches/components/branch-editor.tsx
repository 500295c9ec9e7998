import { Link, Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import { AdminSection } from '@/components/admin/admin-section';
import { ErrorState } from '@/components/ui/error-state';
import { useAdminBranches } from '../api/get-branches';
import { adminBranchesHref, BRANCH_TABS } from '../lib/paths';
import { BranchDataForm } from './branch-data-form';
import { ExceptionsEditor } from './exceptions-editor';
import { HoursEditor } from './hours-editor';
import { ZonesEditor } from './zones-editor';
import styles from './branches.module.css';

/**
 * /panel/admin/sedes/nueva and /panel/admin/sedes/{id}/{tab}: a new branch's data, or one
 * branch's tabs (Datos, Horario, Excepciones, Zonas de domicilio), each saved on its own.
 */
export function BranchEditor() {
  const { id: idParam } = useParams();
  const branches = useAdminBranches();
  const back = (
    <Link className={styles.back} to={adminBranchesHref.list()}>
      ← Todas las sedes
    </Link>
  );

  if (idParam === undefined) {
    return (
      <AdminSection title="Nueva sede" description="Después de crearla, agrega su horario y sus zonas de domicilio." actions={back}>
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
    return <ErrorState message="No pudimos cargar la sede." detail={branches.error.message} onRetry={() => void branches.refetch()} retrying={branches.isFetching} />;
  }
  const branch = branches.data.find((b) => String(b.id) === idParam);
  if (!branch) {
    return (
      <AdminSection title="Sede no encontrada" actions={back}>
        <p className={styles.state}>Esa sede no existe.</p>
      </AdminSection>
    );
  }

  return (
    <AdminSection title={branch.title} description={branch.hidden ? 'Oculta en la tienda.' : `${branch.address} · ${branch.city}`} actions={back}>
      <nav className={styles.tabs} aria-label={`Secciones de ${branch.title}`}>
        {BRANCH_TABS.map((tab) => (
          <NavLink key={tab.path} to={adminBranchesHref.edit(branch.id, tab.path)} className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      {/* Keyed by branch: moving to another branch starts its forms afresh. */}
      <Routes>
        <Route index element={<Navigate to={adminBranchesHref.edit(branch.id)} replace />} />
        <Route path="datos" element={<BranchDataForm key={branch.id} branch={branch} />} />
        <Route path="horario" element={<HoursEditor key={branch.id} branch={branch} />} />
        <Route path="excepciones" element={<ExceptionsEditor key={branch.id} branch={branch} />} />
        <Route path="zonas" element={<ZonesEditor key={branch.id} branch={branch} />} />
        <Route path="*" element={<Navigate to={adminBranchesHref.edit(branch.id)} replace />} />
      </Routes>
    </AdminSection>
  );
}

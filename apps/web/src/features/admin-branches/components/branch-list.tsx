import { foldText, type AdminBranch } from '@comanda/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminSection } from '@/components/admin/admin-section';
import { buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-field';
import { useAdminBranches } from '../api/get-branches';
import { useReorderBranches } from '../api/reorder-branches';
import { useSetBranchVisibility } from '../api/set-branch-visibility';
import styles from './branches.module.css';
import { panelHref } from '@/config/panel-paths';

const matches = (branch: AdminBranch, wanted: string) =>
  [branch.title, branch.address, branch.city].some((text) => foldText(text).includes(wanted));

/** /panel/admin/sedes: every branch (hidden ones too), searchable, in the storefront's order. */
export function BranchList() {
  const branches = useAdminBranches();
  const reorder = useReorderBranches();
  const visibility = useSetBranchVisibility();
  const [search, setSearch] = useState('');
  const wanted = foldText(search);
  const all = branches.data ?? [];
  const shown = wanted ? all.filter((b) => matches(b, wanted)) : all;
  const failure = reorder.error ?? visibility.error;

  const move = (index: number, by: -1 | 1) => {
    const ids = all.map((b) => b.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  };

  return (
    <AdminSection
      title="Sedes"
      description="Datos, horario, excepciones y zonas de domicilio de cada sede. Una sede oculta no aparece en la tienda; sus pedidos se conservan."
      actions={
        <Link className={buttonClass()} to={panelHref.newBranch()}>
          Nueva sede
        </Link>
      }
      search={{
        label: 'Buscar sede por nombre, dirección o ciudad',
        value: search,
        onChange: setSearch,
      }}
    >
      <FormAlert message={failure ? failure.message : null} />
      {branches.isPending ? (
        <p className={styles.state} role="status">
          Cargando las sedes…
        </p>
      ) : branches.isError ? (
        <ErrorState
          message="No pudimos cargar las sedes."
          detail={branches.error.message}
          onRetry={() => void branches.refetch()}
          retrying={branches.isFetching}
        />
      ) : shown.length === 0 ? (
        <p className={styles.state}>
          {wanted ? 'Ninguna sede coincide con la búsqueda.' : 'Aún no hay sedes.'}
        </p>
      ) : (
        <ol className={styles.list}>
          {shown.map((branch) => {
            const index = all.indexOf(branch);
            return (
              <li
                key={branch.id}
                className={`${styles.card} ${branch.hidden ? styles.cardHidden : ''}`}
              >
                <div className={styles.cardMain}>
                  <h2 className={styles.cardTitle}>
                    <Link to={panelHref.branch(branch.id)}>{branch.title}</Link>
                  </h2>
                  <p className={styles.cardText}>
                    {branch.address} · {branch.city} · {branch.phone}
                  </p>
                  <ul className={styles.badges} aria-label="Estado">
                    {branch.hidden ? (
                      <li className={styles.badgeHidden}>Oculta en la tienda</li>
                    ) : null}
                    {branch.pickup_available ? <li className={styles.badge}>Recogida</li> : null}
                    {branch.delivery_available ? (
                      <li className={styles.badge}>Domicilio · {branch.zones.length} zonas</li>
                    ) : null}
                    <li className={styles.badge}>Preparación {branch.prep_minutes} min</li>
                  </ul>
                </div>
                <div className={styles.cardActions}>
                  {wanted ? null : (
                    <>
                      <button
                        type="button"
                        className={styles.iconButton}
                        aria-label={`Subir ${branch.title}`}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(index, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className={styles.iconButton}
                        aria-label={`Bajar ${branch.title}`}
                        disabled={index === all.length - 1 || reorder.isPending}
                        onClick={() => move(index, 1)}
                      >
                        ↓
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className={buttonClass('secondary')}
                    disabled={visibility.isPending}
                    aria-label={`${branch.hidden ? 'Mostrar' : 'Ocultar'} ${branch.title} en la tienda`}
                    onClick={() =>
                      visibility.mutate({
                        id: branch.id,
                        hidden: !branch.hidden,
                        version: branch.version,
                      })
                    }
                  >
                    {branch.hidden ? 'Mostrar' : 'Ocultar'}
                  </button>
                  <Link
                    className={buttonClass()}
                    to={panelHref.branch(branch.id)}
                    aria-label={`Editar ${branch.title}`}
                  >
                    Editar
                  </Link>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </AdminSection>
  );
}

import { foldText, type AdminBranch } from '@comanda/shared';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { buttonClass } from '@/components/ui/button';
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

  const card = (branch: AdminBranch) => {
    const index = all.indexOf(branch);
    return (
      <BranchCard
        key={branch.id}
        branch={branch}
        // Searching shows some branches: their order is the whole list's, so no arrows.
        order={
          wanted
            ? null
            : {
                first: index === 0,
                last: index === all.length - 1,
                pending: reorder.isPending,
                onMove: (by) => move(index, by),
              }
        }
        hiding={visibility.isPending}
        onToggleHidden={() =>
          visibility.mutate({ id: branch.id, hidden: !branch.hidden, version: branch.version })
        }
      />
    );
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
      <AdminList
        look="cards"
        live
        ordered
        query={branches}
        items={shown}
        loading="Cargando las sedes…"
        failed="No pudimos cargar las sedes."
        failedDetail
        empty={wanted ? 'Ninguna sede coincide con la búsqueda.' : 'Aún no hay sedes.'}
      >
        {card}
      </AdminList>
    </AdminSection>
  );
}

interface BranchCardProps {
  branch: AdminBranch;
  /** Its place in the storefront's order; null while searching. */
  order: { first: boolean; last: boolean; pending: boolean; onMove: (by: -1 | 1) => void } | null;
  hiding: boolean;
  onToggleHidden: () => void;
}

/** One branch: its name, address and services, and its arrows, Mostrar/Ocultar and Editar. */
function BranchCard({ branch, order, hiding, onToggleHidden }: BranchCardProps) {
  return (
    <li className={`${styles.card} ${branch.hidden ? styles.cardHidden : ''}`}>
      <div className={styles.cardMain}>
        <h2 className={styles.cardTitle}>
          <Link to={panelHref.branch(branch.id)}>{branch.title}</Link>
        </h2>
        <p className={styles.cardText}>
          {branch.address} · {branch.city} · {branch.phone}
        </p>
        <BranchBadges branch={branch} />
      </div>
      <div className={styles.cardActions}>
        {order ? <OrderArrows title={branch.title} {...order} /> : null}
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={hiding}
          aria-label={`${branch.hidden ? 'Mostrar' : 'Ocultar'} ${branch.title} en la tienda`}
          onClick={onToggleHidden}
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
}

function BranchBadges({ branch }: { branch: AdminBranch }) {
  return (
    <ul className={styles.badges} aria-label="Estado">
      {branch.hidden ? <li className={styles.badgeHidden}>Oculta en la tienda</li> : null}
      {branch.pickup_available ? <li className={styles.badge}>Recogida</li> : null}
      {branch.delivery_available ? (
        <li className={styles.badge}>Domicilio · {branch.zones.length} zonas</li>
      ) : null}
      <li className={styles.badge}>Preparación {branch.prep_minutes} min</li>
    </ul>
  );
}

interface OrderArrowsProps {
  title: string;
  first: boolean;
  last: boolean;
  pending: boolean;
  onMove: (by: -1 | 1) => void;
}

function OrderArrows({ title, first, last, pending, onMove }: OrderArrowsProps) {
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Subir ${title}`}
        disabled={first || pending}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Bajar ${title}`}
        disabled={last || pending}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </>
  );
}

import type { Branch } from '@comanda/shared';
import { ErrorState } from '@/components/ui/error-state';
import { useBranches } from '../api/get-branches';
import { useNow } from '../hooks/use-now';
import { OpeningBadge } from './opening-badge';
import styles from './branch-list.module.css';

interface BranchListProps {
  selectedId?: number | undefined;
  onSelect: (branch: Branch) => void;
}

/**
 * product.md «Screens and routes»: the header's branch overlay lists each branch's title and address; choosing one picks
 * it at once (there is no in-progress selection to keep). Each also says whether it is open.
 */
export default function BranchList({ selectedId, onSelect }: BranchListProps) {
  const branches = useBranches();
  const now = useNow();

  if (branches.isPending) {
    return (
      <p className={styles.message} role="status">
        Cargando sedes…
      </p>
    );
  }
  if (branches.isError) {
    return (
      <div className={styles.error}>
        <ErrorState
          message="No pudimos cargar las sedes."
          detail={branches.error.message}
          onRetry={() => void branches.refetch()}
          retrying={branches.isFetching}
        />
      </div>
    );
  }
  if (branches.data.length === 0) {
    return <p className={styles.message}>No hay sedes disponibles.</p>;
  }
  return (
    <ul className={styles.list}>
      {branches.data.map((branch) => (
        <li key={branch.id}>
          <button
            type="button"
            className={styles.option}
            aria-current={branch.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(branch)}
          >
            <span className={styles.title}>
              {branch.title}
              {branch.id === selectedId ? <span className={styles.current}> · tu sede</span> : null}
            </span>
            <span className={styles.address}>
              {branch.address}, {branch.city}
            </span>
            <OpeningBadge branch={branch} now={now} />
          </button>
        </li>
      ))}
    </ul>
  );
}

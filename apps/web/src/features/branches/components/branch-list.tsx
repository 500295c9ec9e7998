import type { Branch } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { useBranches } from '../api/get-branches';
import styles from './branch-list.module.css';

interface BranchListProps {
  selectedId?: number | undefined;
  onSelect: (branch: Branch) => void;
}

/** Spec §2: the branch overlay lists each branch's title and address; choosing one picks it. */
export default function BranchList({ selectedId, onSelect }: BranchListProps) {
  const branches = useBranches();

  if (branches.isPending) {
    return (
      <p className={styles.message} role="status">
        Cargando sedes…
      </p>
    );
  }
  if (branches.isError) {
    return (
      <div className={styles.error} role="alert">
        <p>No pudimos cargar las sedes.</p>
        <Button variant="secondary" onClick={() => void branches.refetch()}>
          Reintentar
        </Button>
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
            <span className={styles.title}>{branch.title}</span>
            <span className={styles.address}>{branch.address}</span>
            <span className={`${styles.status} ${branch.open_now ? styles.open : styles.closed}`}>
              {branch.open_now ? 'Abierto' : 'Cerrado'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

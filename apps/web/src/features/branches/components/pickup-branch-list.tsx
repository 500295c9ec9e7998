import type { Branch } from '@comanda/shared';
import { ChevronDownIcon } from '@/components/ui/icons';
import { PinIcon } from '@/components/ui/more-icons';
import { ErrorState } from '@/components/ui/error-state';
import { useWindowedList } from '@/lib/use-windowed-list';
import { useBranches } from '../api/get-branches';
import { useNow } from '../hooks/use-now';
import { OpeningBadge } from './opening-badge';
import styles from './pickup-branch-list.module.css';

/**
 * product.md «Screens and routes, Business constants» ask for an endless list loaded in blocks. The chain has a handful of branches, so a
 * block is small enough that the second one is really loaded by scrolling.
 */
export const PICKUP_BLOCK_SIZE = 3;

interface PickupBranchListProps {
  selectedId?: number | undefined;
  onSelect: (branch: Branch) => void;
  blockSize?: number;
}

/** /delivery-takeout: every branch as a card (title, address, city, open now or not), in blocks. */
export function PickupBranchList({
  selectedId,
  onSelect,
  blockSize = PICKUP_BLOCK_SIZE,
}: PickupBranchListProps) {
  const branches = useBranches();
  const now = useNow();
  const total = branches.data?.length ?? 0;
  // The end of the list only a little ahead: a block is small, and "Ver más sedes" is there too.
  const { visible, shown, hasMore, sentinel, showMore } = useWindowedList(branches.data ?? [], {
    first: blockSize,
    block: blockSize,
    ahead: 48,
  });

  if (branches.isPending) return <BranchesLoading count={blockSize} />;
  if (branches.isError) {
    return (
      <ErrorState
        message="No pudimos cargar las sedes."
        detail={branches.error.message}
        onRetry={() => void branches.refetch()}
        retrying={branches.isFetching}
      />
    );
  }
  if (total === 0) return <p className={styles.empty}>No hay sedes disponibles por ahora.</p>;

  return (
    <>
      <ul className={styles.list} aria-label="Sedes para recoger">
        {visible.map((branch) => (
          <li key={branch.id}>
            <PickupCard
              branch={branch}
              now={now}
              current={branch.id === selectedId}
              onSelect={() => onSelect(branch)}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel}>
        {hasMore ? (
          <>
            <p role="status">
              Mostrando {shown} de {total} sedes
            </p>
            <button type="button" className={styles.more} onClick={showMore}>
              Ver más sedes
            </button>
          </>
        ) : null}
      </div>
    </>
  );
}

/** Placeholders for the first block while the list loads, said once to a screen reader. */
function BranchesLoading({ count }: { count: number }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Cargando sedes…
      </p>
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={`${styles.card} ${styles.skeleton}`} />
        ))}
      </ul>
    </div>
  );
}

/** One branch as a card to pick: where it is, and whether it is open `now`. */
function PickupCard({
  branch,
  now,
  current,
  onSelect,
}: {
  branch: Branch;
  now: Date;
  current: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.card}
      aria-current={current ? 'true' : undefined}
      onClick={onSelect}
    >
      <span className={styles.pin} aria-hidden="true">
        <PinIcon />
      </span>
      <span className={styles.body}>
        <span className={styles.title}>{branch.title}</span>
        <span className={styles.address}>{branch.address}</span>
        <span className={styles.city}>{branch.city}</span>
      </span>
      <ChevronDownIcon className={styles.chevron} />
      <span className={styles.status}>
        <OpeningBadge branch={branch} now={now} />
      </span>
    </button>
  );
}

import type { Branch } from '@comanda/shared';
import { useMemo } from 'react';
import { minutesRange } from '@/entities/delivery/lib/delivery-text';
import { useCustomerPoint, type Point } from '@/stores/customer-point';
import { ChevronDownIcon } from '@/components/ui/icons';
import { PinIcon } from '@/components/ui/more-icons';
import { ErrorState } from '@/components/ui/error-state';
import { useWindowedList } from '@/lib/use-windowed-list';
import { useBranches } from '../api/get-branches';
import { useNow } from '../hooks/use-now';
import { branchPoint, distanceKm, nearestFirst } from '../lib/nearest';
import { distanceText, LocateMe } from './locate-me';
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
  const here = useCustomerPoint();
  const sorted = useMemo(() => nearestFirst(branches.data ?? [], here), [branches.data, here]);
  // The end of the list only a little ahead: a block is small, and "Ver más sedes" is there too.
  const { visible, shown, hasMore, sentinel, showMore } = useWindowedList(sorted, {
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
  if (sorted.length === 0)
    return <p className={styles.empty}>No hay sedes disponibles por ahora.</p>;

  return (
    <>
      <LocateMe />
      <ul className={styles.list} aria-label="Sedes para recoger">
        {visible.map((branch) => (
          <li key={branch.id}>
            <PickupCard
              branch={branch}
              now={now}
              here={here}
              current={branch.id === selectedId}
              onSelect={() => onSelect(branch)}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel}>
        {hasMore ? <MoreBranches shown={shown} total={sorted.length} onMore={showMore} /> : null}
      </div>
    </>
  );
}

/** How much of the list shows, and `Ver más sedes` for the next block. */
function MoreBranches({
  shown,
  total,
  onMore,
}: {
  shown: number;
  total: number;
  onMore: () => void;
}) {
  return (
    <>
      <p role="status">
        Mostrando {shown} de {total} sedes
      </p>
      <button type="button" className={styles.more} onClick={onMore}>
        Ver más sedes
      </button>
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

/** "Listo en 20–30 min · a 2,3 km": the branch's estimate now (the menu line's) and its distance. */
function cardFacts(branch: Branch, here: Point | null): string {
  const eta = (branch.eta as Branch['eta'] | undefined)?.pickup;
  const point = branchPoint(branch);
  return [
    eta ? `Listo en ${minutesRange(eta[0], eta[1])}` : null,
    here && point ? distanceText(distanceKm(here, point)) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One branch as a card to pick: where it is, its time, how far, and whether it is open `now`. */
function PickupCard({
  branch,
  now,
  here,
  current,
  onSelect,
}: {
  branch: Branch;
  now: Date;
  here: Point | null;
  current: boolean;
  onSelect: () => void;
}) {
  const facts = cardFacts(branch, here);
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
        {facts ? <span className={styles.facts}>{facts}</span> : null}
      </span>
      <ChevronDownIcon className={styles.chevron} />
      <span className={styles.status}>
        <OpeningBadge branch={branch} now={now} />
      </span>
    </button>
  );
}

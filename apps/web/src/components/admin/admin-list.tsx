import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import styles from './admin-list.module.css';

/** What a list's query says of itself (TanStack Query's answer). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  isFetching?: boolean;
}

interface AdminListProps<T> {
  query: ListQuery;
  /** The rows to show: the query's answer, searched and in order. */
  items: readonly T[];
  /** "Cargando categorías…" */
  loading: string;
  /** "No pudimos cargar las categorías." */
  failed: string;
  /** Whether a failed load also says the server's own words under it. */
  failedDetail?: boolean;
  /** Said when there is nothing to show: nothing yet, or nothing matches the search. */
  empty: ReactNode;
  /** The last change's refusal (reorder, hide, duplicate), said above the list. */
  problem?: string | null | undefined;
  /** The list's name for a screen reader. */
  label?: string;
  /** `rows`: the menu's tight rows; `cards`: Contenido's cards, further apart. */
  look: 'rows' | 'cards';
  /**
   * The records' lists (Personal, Correos): their loading said in a live region, and their
   * retry saying it runs.
   */
  live?: boolean;
  /** An ordered list (`<ol>`): newest first, for one. */
  ordered?: boolean;
  /** One `<li>` per item. */
  children: (item: T) => ReactNode;
}

/**
 * The body of a back-office list screen (categories, products, banners, coupons, …): the last
 * change's refusal, then the list or what stands for it while loading, after a failed load, or
 * when nothing is there. The screen's frame (`AdminSection`) and its rows are the screen's.
 */
export function AdminList<T>({
  query,
  items,
  loading,
  failed,
  failedDetail = false,
  empty,
  problem,
  label,
  look,
  live = false,
  ordered = false,
  children,
}: AdminListProps<T>) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <>
      {problem ? (
        <p role="alert" className={look === 'rows' ? styles.state : styles.problem}>
          {problem}
        </p>
      ) : null}
      {query.isPending ? (
        <p className={styles.state} role={live ? 'status' : undefined}>
          {loading}
        </p>
      ) : query.isError ? (
        <ErrorState
          message={failed}
          detail={failedDetail ? query.error?.message : undefined}
          onRetry={() => void query.refetch()}
          retrying={live && query.isFetching === true}
        />
      ) : items.length === 0 ? (
        <p className={styles.state}>{empty}</p>
      ) : (
        <List className={look === 'rows' ? styles.rows : styles.cards} aria-label={label}>
          {items.map(children)}
        </List>
      )}
    </>
  );
}

import type { DialectName } from '../../db/dialect';
import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';

/** The store alone: what the repository functions take. */
export interface InsightsStore {
  db: DbExecutor;
  dialect: DialectName;
}

/**
 * The orders this node already folded into the rollups, each with what it looked like then: the
 * catch-up re-reads a window of recent changes (decision 069) and skips the ones it has seen.
 * Only an optimization: a node that forgets (a restart, another node) recomputes them again.
 */
export type SeenOrders = Map<number, { fingerprint: string; updatedAt: number }>;

/** Every dependency of the module's functions (decision 065). */
export interface InsightsDeps extends InsightsStore {
  clock: Clock;
  seen: SeenOrders;
}

/** A (branch, chain hour) bucket range: hours [start, end) of one branch, as instants (ms). */
export interface BucketRange {
  branch_id: number;
  start: number;
  end: number;
}

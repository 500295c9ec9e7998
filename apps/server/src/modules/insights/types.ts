import type { DialectName } from '../../db/dialect';
import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';

/** The store alone: what the repository functions take. */
export interface InsightsStore {
  db: DbExecutor;
  dialect: DialectName;
}

/** Every dependency of the module's functions (decision 065). */
export interface InsightsDeps extends InsightsStore {
  clock: Clock;
}

/** A (branch, chain hour) bucket range: hours [start, end) of one branch, as instants (ms). */
export interface BucketRange {
  branch_id: number;
  start: number;
  end: number;
}

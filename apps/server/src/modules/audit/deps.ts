import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';

/** What the change log's functions are given (decision 065), built in plugin.ts. */
export interface AuditDeps {
  /** Read by the listing; a record writes through the transaction it is handed instead. */
  db: DbExecutor;
  clock: Clock;
}

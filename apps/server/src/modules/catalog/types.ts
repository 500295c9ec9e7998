// The catalogue module's shared types (decision 065): what its functions are given.
import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { Remembered } from '../../lib/remembered';
import type { ResponseCache } from '../../lib/response-cache';
import type { OnlinePayments } from './content';
import type { DaypartSchedule } from './dayparts';

/** Every dependency of the catalogue's answers, made once by createCatalogDeps (service.ts). */
export interface CatalogDeps {
  db: DbExecutor;
  clock: Clock;
  /** Whether methods paid online are offered, and as test payments (decision 061). */
  online: OnlinePayments;
  /** The answers, serialized; fresh ones are peeked at by the fast path (fast-path.ts). */
  cache: ResponseCache;
  /** The menu's dayparts, read once per catalogue version and dropped with its answers. */
  dayparts: Remembered<DaypartSchedule>;
}

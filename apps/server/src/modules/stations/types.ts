// The stations module's dependencies (decision 065): each file takes what it needs from here.
import type { StationItemEvent } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { AdminWrite } from '../../lib/admin-write';
import type { Clock } from '../../lib/clock';

export interface StationsDeps {
  db: DbExecutor;
  clock: Clock;
  /** The back office's one write path (lib/admin-write.ts, decision 032). */
  write: AdminWrite;
  /** Tells the branch's staff screens (app.realtime.toBranch, `station-item`). */
  announce: (event: StationItemEvent) => void;
}

// The printers module's dependencies and the ports other modules fill (decision 065): each file
// of the module takes what it needs from here and imports no neighbour's deps.
import type { PlacedOrder } from '@comanda/shared';
import type { DialectName } from '../../db/dialect';
import type { DbExecutor } from '../../db/types';
import type { AdminWrite } from '../../lib/admin-write';
import type { Clock } from '../../lib/clock';
import type { BranchPrinters } from './branch-printers';
import type { StationPart } from './ticket';

/** An order's items per station, for the station tickets (the kitchen stations' module). */
export type StationParts = (
  order: PlacedOrder,
  stationIds: readonly number[],
) => Promise<Map<number, StationPart>>;

/** The ids of a branch's stations, to check a printer's `station:<id>` against. */
export type BranchStations = (branchId: number) => Promise<ReadonlySet<number>>;

/** What the printers' functions are given. */
export interface PrintersDeps {
  db: DbExecutor;
  dialect: DialectName;
  clock: Clock;
  /** The back office's one write path (lib/admin-write.ts, decision 032). */
  write: AdminWrite;
  /** The printers an order is queued on, kept per branch until a change drops them. */
  printers: BranchPrinters;
  /** An order as its answer with its branch; null when there is none (app.orders.load). */
  loadOrder: (id: number) => Promise<{ order: PlacedOrder; branchId: number } | null>;
  /** Station tickets and the check of `station:<id>`; null until a stations module plugs in. */
  stations: StationParts | null;
  branchStations: BranchStations | null;
  /** Asks the sender for a delivery now instead of at the next poll. */
  nudge: () => void;
}

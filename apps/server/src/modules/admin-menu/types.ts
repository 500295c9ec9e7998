// The back-office menu's shared types, in one place (decision 065): each resource file takes its
// dependencies from here, never from another resource's file.
import type { AdminWrite } from '../../lib/admin-write';
import type { Clock } from '../../lib/clock';

/** What most of the menu's functions read: the back office's one write path (lib/admin-write). */
export interface MenuWriteDeps {
  /** Writes through its one transaction; reads outside a change through its `reader`. */
  write: AdminWrite;
}

/** Every dependency of the menu's functions: each function declares the part it takes. */
export interface AdminMenuDeps extends MenuWriteDeps {
  /** The app's clock (lib/clock.ts): the CSV's file name carries the chain's day. */
  clock: Clock;
}

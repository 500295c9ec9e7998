// The promotions module's shared types (decision 065).
import type { AdminWrite } from '../../lib/admin-write';
import type { Clock } from '../../lib/clock';

/** What the module is given, built in plugin.ts: the back office's one write path and the clock. */
export interface PromotionsDeps {
  write: AdminWrite;
  clock: Clock;
}

// The dispatch module's shared shapes (decision 068): what its functions take, in one place, so
// no two files of the module import each other.
import type { DialectName } from '../../db/dialect';
import type { DbExecutor } from '../../db/types';
import type { AuditRecorder } from '../../lib/audit-record';
import type { Clock } from '../../lib/clock';
import type { Realtime } from '../../plugins/socket';

/** Where something is, in degrees. */
export interface Point {
  lat: number;
  lng: number;
}

export interface DispatchSettings {
  /** How long a finished trip keeps the courier's last position (hours). */
  positionRetentionHours: number;
  /** A courier's average speed through the city, for the live estimate (km/h). */
  speedKmh: number;
}

/** Every dependency of the module's functions. */
export interface DispatchDeps {
  db: DbExecutor;
  dialect: DialectName;
  clock: Clock;
  realtime: Pick<Realtime, 'toBranch' | 'toCourier' | 'toUser' | 'toUserAndBranch'>;
  audit: AuditRecorder;
  settings: DispatchSettings;
}

/** The store alone: what the repository functions take. */
export type DispatchStore = Pick<DispatchDeps, 'db' | 'dialect'>;

/** A courier acting from their phone, or staff at the counter: who the change log names. */
export interface Acting {
  id: number;
  email: string;
  branch_ids: readonly number[];
}

// The marketing module's shared types, in one place (decision 065): the forms, the coupon
// codes and the records take their dependencies and rows from here, never from each other.
import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Mail } from '../mail/plugin';

/**
 * What a discount signup's code needs: the database, the outbox, the storefront's address, and
 * the counters that keep its reminders to one an hour.
 */
export interface CouponDeps {
  db: DbExecutor;
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  /** The storefront's address, for the email's link to the menu. */
  publicUrl: string;
  rateLimiter: RateLimiter;
}

/** Every dependency of the module's functions: each function declares the part it takes. */
export interface MarketingDeps extends CouponDeps {
  /** Form submissions that reach the database, per client IP and window. */
  limits: { perIp: number; windowSeconds: number };
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
}

export interface NewDiscountSignup {
  branch_id: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  source_id: number;
  created_at: string;
}

export interface NewCourtesyReservation {
  branch_id: number;
  name: string;
  phone: string;
  date_reservation: string;
  created_at: string;
}

/**
 * Which records a listing wants: a branch (or all), a window and words. `from`/`to` are instants
 * (ISO) for signups, chain days (YYYY-MM-DD, inclusive) for reservations.
 */
export interface RecordsFilter {
  branchId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Part of a name, phone, email or address, case-insensitive. */
  q?: string | undefined;
}

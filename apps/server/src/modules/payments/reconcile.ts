import {
  abandonAttempt,
  claimDueChecks,
  openAttemptsOf,
  rescheduleCheck,
  type Attempt,
} from './attempts-repository';
import { iso, later, MINUTE, type PaymentsDeps } from './deps';
import { observe } from './observe';
import { dueExpiries, expireOrder } from './order-money-repository';
import { ProviderUnavailable, type ProviderTransaction } from './provider';

// What no webhook told (decision 061): every pending attempt is asked about — a minute after it
// was made, then less and less often — until the provider says how it ended, or has no
// transaction for it once its checkout stopped taking money (abandoned). Orders whose time to pay
// ran out are asked about once more, then given up (`payment_expired`), giving back their slot and
// their discount code; money that comes later is refunded (observe.ts). Safe on any number of
// nodes: attempts are claimed, and every move is a compare-and-set.

const BATCH = 50;
/** A claim keeps other nodes from asking about the same attempt meanwhile. */
const LEASE_MS = 2 * MINUTE;
/** Questions about one attempt grow apart, up to this. */
const MAX_GAP_MS = 30 * MINUTE;
/** After its checkout stopped taking money, an attempt with no transaction is given up after this. */
const GRACE_MS = 2 * MINUTE;

const gap = (deps: PaymentsDeps, checks: number) =>
  Math.min(MAX_GAP_MS, deps.settings.reconcileMs * 2 ** Math.max(0, checks - 1));

/** Everything the provider says of a reference, applied; null when it could not be asked. */
async function askAbout(
  deps: PaymentsDeps,
  reference: string,
): Promise<ProviderTransaction[] | null> {
  let found: ProviderTransaction[];
  try {
    found = await deps.provider.transactionsFor(reference);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    deps.log.warn({ reference, reason: error.message }, 'payment provider not reachable');
    return null;
  }
  for (const transaction of found)
    await observe(deps, { source: 'reconcile', key: null, transaction, body: null });
  return found;
}

async function check(deps: PaymentsDeps, attempt: Attempt, now: Date) {
  const found = await askAbout(deps, attempt.reference);
  if (found?.some((transaction) => transaction.status !== 'pending')) return;
  const closed = new Date(attempt.checkout_expires_at).getTime() + GRACE_MS < now.getTime();
  if (found?.length === 0 && closed) await abandonAttempt(deps.db, attempt.id, iso(now));
  else await rescheduleCheck(deps.db, attempt.id, later(now, gap(deps, attempt.checks)));
}

async function expire(deps: PaymentsDeps, orderId: number, now: Date) {
  // One more question first: the money may have come and its event not (yet).
  for (const attempt of await openAttemptsOf(deps.db, orderId))
    await askAbout(deps, attempt.reference);
  const expired = await deps.db.transaction().execute((trx) => expireOrder(trx, orderId, iso(now)));
  if (!expired) return;
  await deps.flush();
  await deps.orders.announce(orderId, { newToBranch: false });
}

/** Asks about the attempts due a question at `now`; answers how many were asked about. */
export async function askDue(deps: PaymentsDeps, now: Date = deps.now()): Promise<number> {
  const claimed = await claimDueChecks(
    deps.db,
    deps.dialect,
    iso(now),
    later(now, LEASE_MS),
    BATCH,
  );
  for (const attempt of claimed) await check(deps, attempt, now);
  return claimed.length;
}

/** Gives up the orders whose time to pay ran out by `now`; answers how many were looked at. */
export async function expireDue(deps: PaymentsDeps, now: Date = deps.now()): Promise<number> {
  const due = await dueExpiries(deps.db, iso(now), BATCH);
  for (const orderId of due) await expire(deps, orderId, now);
  return due.length;
}

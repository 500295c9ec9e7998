import { iso, later, MINUTE, type PaymentsDeps } from './deps';
import type { Observation, Outcome } from './observe';
import { ProviderUnavailable, type ProviderTransaction } from './provider';
import type { Attempt } from './repository';

const BATCH = 50;
/** A claim keeps other nodes from asking about the same attempt meanwhile. */
const LEASE_MS = 2 * MINUTE;
/** Questions about one attempt grow apart, up to this. */
const MAX_GAP_MS = 30 * MINUTE;
/** After its checkout stopped taking money, an attempt with no transaction is given up after this. */
const GRACE_MS = 2 * MINUTE;

/**
 * What no webhook told (decision 061): every pending attempt is asked about — a minute after it
 * was made, then less and less often — until the provider says how it ended, or has no
 * transaction for it once its checkout stopped taking money (abandoned). Orders whose time to pay
 * ran out are asked about once more, then given up (`payment_expired`), giving back their slot and
 * their discount code; money that comes later is refunded (observe.ts). Safe on any number of
 * nodes: attempts are claimed, and every move is a compare-and-set.
 */
export function paymentReconciliation(
  deps: PaymentsDeps,
  observe: (observation: Observation) => Promise<Outcome>,
) {
  const { repository, provider } = deps;
  const gap = (checks: number) =>
    Math.min(MAX_GAP_MS, deps.settings.reconcileMs * 2 ** Math.max(0, checks - 1));

  /** Everything the provider says of a reference, applied; null when it could not be asked. */
  async function askAbout(reference: string): Promise<ProviderTransaction[] | null> {
    let found: ProviderTransaction[];
    try {
      found = await provider.transactionsFor(reference);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      deps.log.warn({ reference, reason: error.message }, 'payment provider not reachable');
      return null;
    }
    for (const transaction of found)
      await observe({ source: 'reconcile', key: null, transaction, body: null });
    return found;
  }

  async function check(attempt: Attempt, now: Date) {
    const found = await askAbout(attempt.reference);
    if (found?.some((transaction) => transaction.status !== 'pending')) return;
    const closed = new Date(attempt.checkout_expires_at).getTime() + GRACE_MS < now.getTime();
    if (found?.length === 0 && closed) await repository.abandonAttempt(attempt.id, iso(now));
    else await repository.rescheduleCheck(attempt.id, later(now, gap(attempt.checks)));
  }

  async function expire(orderId: number, now: Date) {
    // One more question first: the money may have come and its event not (yet).
    for (const attempt of await repository.openAttemptsOf(orderId))
      await askAbout(attempt.reference);
    const expired = await repository.transaction((trx) => trx.expireOrder(orderId, iso(now)));
    if (!expired) return;
    await deps.flush();
    await deps.orders.announce(orderId, { newToBranch: false });
  }

  return {
    /** Asks about the attempts due a question at `now`; answers how many were asked about. */
    async askDue(now: Date = deps.now()): Promise<number> {
      const claimed = await repository.claimDueChecks(iso(now), later(now, LEASE_MS), BATCH);
      for (const attempt of claimed) await check(attempt, now);
      return claimed.length;
    },
    /** Gives up the orders whose time to pay ran out by `now`; answers how many were looked at. */
    async expireDue(now: Date = deps.now()): Promise<number> {
      const due = await repository.dueExpiries(iso(now), BATCH);
      for (const orderId of due) await expire(orderId, now);
      return due.length;
    },
  };
}

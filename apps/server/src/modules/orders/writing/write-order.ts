import type { Clock } from '../../../lib/clock';
import { batchedLookup } from '../../../lib/batched-lookup';
import type { InsertOrders, OrderDraft, OrderKey, OrdersStore, Written } from '../types';
import { findOrderIds } from './batch-repository';
import { groupCommit } from './group-commit';

/** Drafts waiting for the next batch: made once by the plugin (createOrderWrites), the state placement writes through. */
export interface OrderWrites {
  commit: (draft: OrderDraft) => Promise<Written>;
  storedOrderId: (key: string) => Promise<number | undefined>;
  /** Orders waiting for their commit now, queued or being written (the metrics read it). */
  waiting: () => number;
}

/** What the batch's write needs: the store's insertOrders (or the writer thread's), and the time. */
export interface BatchDeps {
  insertOrders: InsertOrders;
  clock: Clock;
}

/**
 * One order stored durably, answered only after its batch has committed: the group commit
 * (group-commit.ts) gathers the drafts arriving meanwhile and writes them with writeBatch.
 */
export function writeOrder(deps: { writes: OrderWrites }, draft: OrderDraft): Promise<Written> {
  return deps.writes.commit(draft);
}

/**
 * One batch: every draft stamped with the batch's one time, written in one transaction by
 * insertOrders (writer-thread.ts; batch-repository.ts on the event loop of an in-memory SQLite).
 */
export function writeBatch(deps: BatchDeps, drafts: OrderDraft[]): Promise<Written[]> {
  return deps.insertOrders(drafts, new Date(deps.clock.now()).toISOString());
}

/** The id a retry's key was stored with, if any (the check before a refusal, storedOrderIds). */
export function storedOrderId(deps: { writes: OrderWrites }, key: string) {
  return deps.writes.storedOrderId(key);
}

/**
 * The group commit and the retry check, made once per app. The retry check of every refusal
 * arriving together is one query (never remembered: an order committed before the question is
 * always seen).
 */
export function createOrderWrites(
  deps: BatchDeps & { store: OrdersStore; writers: number },
): OrderWrites {
  const commit = groupCommit((drafts: OrderDraft[]) => writeBatch(deps, drafts), 200, deps.writers);
  return {
    commit,
    waiting: commit.waiting,
    storedOrderId: batchedLookup((keys: string[]) =>
      findOrderIds(deps.store, keys.map(parseOrderKey)),
    ),
  };
}

/** The key orderKey made, back as its parts. */
function parseOrderKey(key: string): OrderKey {
  const colon = key.indexOf(':');
  return { user_id: Number(key.slice(0, colon)), client_order_id: key.slice(colon + 1) };
}

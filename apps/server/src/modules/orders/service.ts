import type { OnlinePayment, PlacedOrder } from '@comanda/shared';
import type { Actor } from '../../lib/authorization';
import { batchedLookup } from '../../lib/batched-lookup';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { DbExecutor } from '../../db/types';
import type { AuditService } from '../audit/service';
import { groupCommit } from './group-commit';
import { orderLoader } from './load';
import { orderPlacement } from './placement';
import { orderReads } from './reads';
import { orderReference } from './reference';
import { orderSchedule } from './schedule';
import { customerCancel } from './customer-cancel';
import type { OrderDraft, OrderKey } from './batch-repository';
import type { OrdersRepository } from './repository';
import { orderStatusChange } from './status-change';

export { clientOrderIdOf } from './payload-errors';

/** Who places an order: the branch sees their name and phone with it. */
export type Customer = Actor & { name: string; phone: string };

/** How the service tells the world; the plugin sends these to the socket rooms. */
export interface OrderEvents {
  placed(order: PlacedOrder, branchId: number): void;
  statusChanged(order: PlacedOrder, userId: number, branchId: number): void;
}

/** What placement needs of online payment: the payments module plugs it in (decision 061). */
export interface OrderPayments {
  /** How long an order paid online waits for its money before it is given up. */
  expiryMinutes: number;
  /** The provider's checkout for an order awaiting its money: the attempt still open, or a new one. */
  checkoutFor(orderId: number): Promise<OnlinePayment>;
}

/**
 * Runs in the transaction that stops an order (rejected, cancelled by staff or by its customer),
 * after the stop is written: the payments module owes the refund of an order paid online there,
 * so an order is never stopped without its refund (decision 061).
 */
export type StopHook = (
  trx: DbExecutor,
  stop: {
    orderId: number;
    status: 'rejected' | 'cancelled';
    /** Staff at the console, or the customer cancelling their scheduled order. */
    by: 'staff' | 'customer';
    reason: string | null;
  },
) => Promise<void>;

/** What one account may order: how often, and how much in one order. */
export interface OrderLimits {
  ordersPerMinute: number;
  maxUnits: number;
  /** Whole pesos. */
  maxTotal: number;
}

/**
 * Placing orders, showing them, and moving them along: placement.ts, reads.ts and
 * status-change.ts, sharing the remembered reference data (reference.ts) and one group commit.
 */
export function createOrdersService(options: {
  repository: OrdersRepository;
  events: OrderEvents;
  /** The change log: every step staff take is recorded with the step, in its transaction. */
  audit: Pick<AuditService, 'record'>;
  rateLimiter: RateLimiter;
  limits: OrderLimits;
  /** Group-commit transactions in flight at once: 1 on SQLite (one writer), more on PostgreSQL. */
  writers?: number;
  now?: () => Date;
}) {
  const { repository } = options;
  const now = options.now ?? (() => new Date());
  const reference = orderReference(repository, now);
  const loader = orderLoader(repository);
  // The retry check of every refusal arriving together, in one query (never remembered: an
  // order committed before the question is always seen).
  const storedOrderId = batchedLookup(async (keys: string[]) => {
    const parsed = keys.map((key): OrderKey => {
      const colon = key.indexOf(':');
      return { user_id: Number(key.slice(0, colon)), client_order_id: key.slice(colon + 1) };
    });
    return repository.findOrderIds(parsed);
  });
  const write = groupCommit(
    async (drafts: OrderDraft[]) => {
      const at = now().toISOString();
      const ids = await repository.insertOrders(drafts, at);
      return ids.map((written) => ({ ...written, at }));
    },
    200,
    options.writers ?? 1,
  );
  const schedule = orderSchedule({ repository, reference, now });
  let payments: OrderPayments | null = null;
  const stopHooks: StopHook[] = [];
  const onStop: StopHook = async (trx, stop) => {
    for (const hook of stopHooks) await hook(trx, stop);
  };
  const status = orderStatusChange({
    ...options,
    loader,
    suggestedPrepMinutes: schedule.suggestedPrepMinutes,
    onStop,
    now,
  });
  const placement = orderPlacement({
    ...options,
    reference,
    loader,
    write,
    storedOrderId,
    schedule,
    autoAccept: status.autoAccept,
    payments: () => payments,
    now,
  });
  const reads = orderReads({ repository, reference, loader });
  const cancel = customerCancel({ repository, loader, events: options.events, onStop, now });

  /**
   * An order the payments module moved (decision 061) told to whoever must hear it: paid (or
   * switched to a method paid on delivery), it is new to its branch and rings there, and a branch
   * that accepts its scheduled orders by itself accepts it; otherwise its customer and branch
   * hear that it changed.
   */
  async function announce(id: number, { newToBranch }: { newToBranch: boolean }) {
    const found = await loader.load(id);
    if (!found) return;
    if (!newToBranch)
      return options.events.statusChanged(found.order, found.userId, found.branchId);
    options.events.placed(found.order, found.branchId);
    options.events.statusChanged(found.order, found.userId, found.branchId);
    if (found.order.scheduled_for === null) return;
    const branch = await reference.branchOf(found.branchId);
    if (branch?.auto_accept_scheduled === 1) await status.autoAccept(id);
  }

  return {
    place: placement.place,
    ...reads,
    /** The branch an order belongs to, or null when there is no such order: for authorization. */
    branchOf: (id: number) => repository.findOrderBranch(id),
    changeStatus: status.changeStatus,
    forget: reference.forget,
    slots: schedule.slots,
    cancel,
    announce,
    /** The order as its answer, with its owner and branch; null when there is none. */
    load: loader.load,
    /** Plugs online payment in: placement takes methods paid online from then on. */
    usePayments(port: OrderPayments) {
      payments = port;
    },
    /** Adds what must happen, in the same transaction, whenever an order is stopped. */
    whenStopped(hook: StopHook) {
      stopHooks.push(hook);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

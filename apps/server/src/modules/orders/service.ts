import type { PlacedOrder } from '@comanda/shared';
import type { Actor } from '../../lib/authorization';
import { batchedLookup } from '../../lib/batched-lookup';
import type { RateLimiter } from '../../lib/rate-limiter';
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
  const status = orderStatusChange({
    ...options,
    loader,
    suggestedPrepMinutes: schedule.suggestedPrepMinutes,
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
    now,
  });
  const reads = orderReads({ repository, reference, loader });
  const cancel = customerCancel({ repository, loader, events: options.events, now });

  return {
    place: placement.place,
    ...reads,
    /** The branch an order belongs to, or null when there is no such order: for authorization. */
    branchOf: (id: number) => repository.findOrderBranch(id),
    changeStatus: status.changeStatus,
    forget: reference.forget,
    slots: schedule.slots,
    cancel,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

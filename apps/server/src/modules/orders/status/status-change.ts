import {
  REASONED_STOPS,
  statusIn,
  statusPath,
  type OrderStatus,
  type PlacedOrder,
  type StatusChangeBody,
} from '@comanda/shared';
import type { Clock } from '../../../lib/clock';
import type { DbExecutor } from '../../../db/types';
import type { AuditActor, AuditService } from '../../audit/service';
import { orderMoved, type OrderRooms } from '../events';
import { loadOrder, type LoadedOrder } from '../reads/load';
import { suggestedPrepMinutes, type StationsOfQueue } from '../schedule/estimate';
import type { OrderPlugs, OrdersStore, StopHook } from '../types';
import { statusEntry } from './status';
import { branchTiming, moveStatus } from './status-repository';

const MINUTE = 60_000;

type Recorded = { accepted_at?: string; promised_at?: string; reject_reason?: string };
export type StatusChangeResult =
  { order: PlacedOrder } | { error: 'not_found' } | { error: 'invalid'; from: OrderStatus };

/** What moving an order along needs: the store, the time, the rooms, the change log, the stop hooks. */
export type StatusDeps = OrdersStore &
  OrderRooms & {
    clock: Clock;
    /** The change log: every step staff take is recorded with the step, in its transaction. */
    audit: Pick<AuditService, 'record'>;
    plugs: Pick<OrderPlugs, 'stopHooks' | 'stepHooks'>;
    /** The queue's station port (decision 088): what the minutes offered at Aceptar read. */
    queueStart?: StationsOfQueue;
  };

/** Runs every stop hook (a refund owed, decision 061) in the stop's transaction. */
export async function runStopHooks(
  deps: { plugs: Pick<OrderPlugs, 'stopHooks'> },
  trx: DbExecutor,
  stop: Parameters<StopHook>[1],
): Promise<void> {
  for (const hook of deps.plugs.stopHooks) await hook(trx, stop);
}

/**
 * What a step records: the promise on accepting (with its minutes), the reason on rejecting.
 * Unless staff give the minutes, they are the queue's (decision 037); a scheduled order
 * accepted early is promised for its slot, never before.
 */
async function recordedFor(
  deps: OrdersStore & { clock: Clock; queueStart?: StationsOfQueue },
  found: { branchId: number; order: PlacedOrder },
  change: StatusChangeBody,
  at: Date,
): Promise<{ recorded: Recorded; prepMinutes?: number }> {
  // A cancellation's reason is kept where a rejection's is: the customer reads it the same way.
  if (statusIn(REASONED_STOPS, change.status) && change.reason)
    return { recorded: { reject_reason: change.reason } };
  if (change.status !== 'accepted') return { recorded: {} };
  const { id, quantity, scheduled_for } = found.order;
  const timing = await branchTiming(deps, found.branchId);
  const prepMinutes =
    change.prep_minutes ??
    (await suggestedPrepMinutes(deps, found.branchId, id, quantity)) ??
    timing?.prep_minutes ??
    20;
  const minutes = prepMinutes + (timing?.rush_minutes ?? 0);
  const due = scheduled_for === null ? 0 : new Date(scheduled_for).getTime();
  return {
    prepMinutes,
    recorded: {
      accepted_at: at.toISOString(),
      promised_at: new Date(Math.max(due, at.getTime() + minutes * MINUTE)).toISOString(),
    },
  };
}

/**
 * Staff move an order along (product.md «States and transitions»); the customer and the branch
 * hear about it at once. `status` is the target: the shared graph gives the steps to it (an
 * accepted order passes through "En preparación" to "Listo"), and every step is recorded in the
 * history and the change log in one transaction, as if taken one by one. Accepting promises a
 * ready time: now + the preparation minutes (the branch's usual ones unless given) + the
 * branch's rush minutes; rejecting records why. Compare-and-set on the status the order was
 * read at, so two screens answering at once cannot both win. Each step keeps who took it
 * (decision 016).
 */
export async function changeStatus(
  deps: StatusDeps,
  id: number,
  change: StatusChangeBody,
  actor: AuditActor,
): Promise<StatusChangeResult> {
  const found = await loadOrder(deps, id);
  if (!found) return { error: 'not_found' };
  const { status, type_delivery } = found.order;
  const steps = statusPath(status, change.status, type_delivery);
  if (!steps) return { error: 'invalid', from: status };
  const at = new Date(deps.clock.now());
  const { recorded, prepMinutes } = await recordedFor(deps, found, change, at);
  const entries = auditEntries(found, steps, { ...recorded, prepMinutes });
  const moved = await moveStatus(deps, id, status, steps, at.toISOString(), {
    recorded,
    actorId: actor.id,
    also: async (trx) => {
      for (const entry of entries) await deps.audit.record(trx, actor, entry);
      const target = change.status;
      if (target === 'rejected' || target === 'cancelled')
        await runStopHooks(deps, trx, {
          orderId: id,
          status: target,
          by: 'staff',
          reason: change.reason ?? null,
        });
    },
  });
  if (!moved)
    return { error: 'invalid', from: (await loadOrder(deps, id))?.order.status ?? status };
  const order = await announceStep(deps, id, steps);
  for (const hook of deps.plugs.stepHooks) await hook(order, found.branchId, actor);
  return { order };
}

/** The change log's rows of the steps; accepting and rejecting are never passed through, so what they record belongs to the last. */
function auditEntries(
  found: LoadedOrder,
  steps: readonly OrderStatus[],
  { prepMinutes, ...recorded }: Recorded & { prepMinutes?: number },
) {
  const last = { ...recorded, ...(prepMinutes === undefined ? {} : { prep_minutes: prepMinutes }) };
  const { id, status } = found.order;
  return steps.map((to, index) =>
    statusEntry(
      id,
      found.branchId,
      index === 0 ? status : steps[index - 1]!,
      to,
      index === steps.length - 1 ? last : {},
    ),
  );
}

/** The order as it now is, counted through `steps` and told to its customer and branch. */
async function announceStep(
  deps: OrdersStore & OrderRooms,
  id: number,
  steps: readonly OrderStatus[],
): Promise<PlacedOrder> {
  const updated = (await loadOrder(deps, id))!;
  orderMoved(deps, updated, steps);
  return updated.order;
}

/**
 * A branch that accepts the order by itself (its rules, auto-accept/rules.ts, decided so): it is
 * accepted at once with the usual promise, as Aceptar without minutes would (the queue's
 * minutes; a scheduled order its slot). Nobody took the step: the history keeps no actor and
 * the change log (staff's actions) nothing, the branch's rules having been logged when they
 * were set; what follows a step (a printer's ticket on accept) follows it. Null when the order
 * is not received any more (staff answered first).
 */
export async function autoAccept(
  deps: OrdersStore &
    OrderRooms & {
      clock: Clock;
      plugs: Pick<OrderPlugs, 'stepHooks'>;
      queueStart?: StationsOfQueue;
    },
  id: number,
): Promise<PlacedOrder | null> {
  const found = await loadOrder(deps, id);
  if (!found || found.order.status !== 'received') return null;
  const at = new Date(deps.clock.now());
  const { recorded } = await recordedFor(deps, found, { status: 'accepted' }, at);
  const moved = await moveStatus(deps, id, 'received', ['accepted'], at.toISOString(), {
    recorded,
    actorId: null,
  });
  if (!moved) return null;
  const order = await announceStep(deps, id, ['accepted']);
  for (const hook of deps.plugs.stepHooks) await hook(order, found.branchId, null);
  return order;
}

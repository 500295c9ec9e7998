import {
  statusPath,
  type OrderStatus,
  type PlacedOrder,
  type StatusChangeBody,
} from '@comanda/shared';
import type { AuditActor, AuditService } from '../audit/service';
import type { OrderLoader } from './load';
import type { OrdersRepository } from './repository';
import type { OrderEvents, StopHook } from './service';
import { statusEntry } from './status';

const MINUTE = 60_000;

type Recorded = { accepted_at?: string; promised_at?: string; reject_reason?: string };
export type StatusChangeResult =
  { order: PlacedOrder } | { error: 'not_found' } | { error: 'invalid'; from: OrderStatus };

/** Staff moving orders along (product.md «States and transitions»). */
export function orderStatusChange(deps: {
  repository: OrdersRepository;
  loader: OrderLoader;
  audit: Pick<AuditService, 'record'>;
  events: OrderEvents;
  /** The queue's minutes for one received order (schedule.ts). */
  suggestedPrepMinutes: (
    branchId: number,
    orderId: number,
    units: number,
  ) => Promise<number | undefined>;
  /** Runs in the stop's transaction (a refund owed, decision 061). */
  onStop: StopHook;
  now: () => Date;
}) {
  const { repository, loader } = deps;

  /**
   * What a step records: the promise on accepting (with its minutes), the reason on rejecting.
   * Unless staff give the minutes, they are the queue's (decision 037); a scheduled order
   * accepted early is promised for its slot, never before.
   */
  async function recordedFor(
    found: { branchId: number; order: PlacedOrder },
    change: StatusChangeBody,
    at: Date,
  ): Promise<{ recorded: Recorded; prepMinutes?: number }> {
    // A cancellation's reason is kept where a rejection's is: the customer reads it the same way.
    if ((change.status === 'rejected' || change.status === 'cancelled') && change.reason)
      return { recorded: { reject_reason: change.reason } };
    if (change.status !== 'accepted') return { recorded: {} };
    const { id, quantity, scheduled_for } = found.order;
    const timing = await repository.branchTiming(found.branchId);
    const prepMinutes =
      change.prep_minutes ??
      (await deps.suggestedPrepMinutes(found.branchId, id, quantity)) ??
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
   * Staff move an order along; the customer and the branch hear about it at once. `status` is
   * the target: the shared graph gives the steps to it (an accepted order passes through
   * "En preparación" to "Listo"), and every step is recorded in the history and the change log
   * in one transaction, as if taken one by one. Accepting promises a ready time: now + the
   * preparation minutes (the branch's usual ones unless given) + the branch's rush minutes;
   * rejecting records why. Compare-and-set on the status the order was read at, so two screens
   * answering at once cannot both win. Each step keeps who took it (decision 016).
   */
  async function changeStatus(
    id: number,
    change: StatusChangeBody,
    actor: AuditActor,
  ): Promise<StatusChangeResult> {
    const found = await loader.load(id);
    if (!found) return { error: 'not_found' };
    const { status, type_delivery } = found.order;
    const steps = statusPath(status, change.status, type_delivery);
    if (!steps) return { error: 'invalid', from: status };
    const at = deps.now();
    const { recorded, prepMinutes } = await recordedFor(found, change, at);
    // Accepting and rejecting are never passed through, so what they record belongs to the last step.
    const last = {
      ...recorded,
      ...(prepMinutes === undefined ? {} : { prep_minutes: prepMinutes }),
    };
    const entries = steps.map((to, index) =>
      statusEntry(
        id,
        found.branchId,
        index === 0 ? status : steps[index - 1]!,
        to,
        index === steps.length - 1 ? last : {},
      ),
    );
    const moved = await repository.changeStatus(id, status, steps, at.toISOString(), {
      recorded,
      actorId: actor.id,
      also: async (trx) => {
        for (const entry of entries) await deps.audit.record(trx, actor, entry);
        const target = change.status;
        if (target === 'rejected' || target === 'cancelled')
          await deps.onStop(trx, {
            orderId: id,
            status: target,
            by: 'staff',
            reason: change.reason ?? null,
          });
      },
    });
    if (!moved) return { error: 'invalid', from: (await loader.load(id))?.order.status ?? status };
    const updated = (await loader.load(id))!;
    deps.events.statusChanged(updated.order, updated.userId, updated.branchId);
    return { order: updated.order };
  }

  /**
   * A branch that accepts its scheduled orders by itself (its `auto_accept_scheduled` setting):
   * the order just placed is accepted at once and promised for its slot, as Aceptar without
   * minutes would. Nobody took the step: the history keeps no actor and the change log (staff's
   * actions) nothing, the branch's choice having been logged when it was made. Null when the
   * order is not a received scheduled one any more (staff answered first).
   */
  async function autoAccept(id: number): Promise<PlacedOrder | null> {
    const found = await loader.load(id);
    if (!found || found.order.status !== 'received' || found.order.scheduled_for === null)
      return null;
    const at = deps.now();
    const { recorded } = await recordedFor(found, { status: 'accepted' }, at);
    const moved = await repository.changeStatus(id, 'received', ['accepted'], at.toISOString(), {
      recorded,
      actorId: null,
    });
    if (!moved) return null;
    const updated = (await loader.load(id))!;
    deps.events.statusChanged(updated.order, updated.userId, updated.branchId);
    return updated.order;
  }

  return { changeStatus, autoAccept };
}

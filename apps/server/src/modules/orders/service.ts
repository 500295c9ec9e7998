import {
  CHECKOUT_MESSAGES,
  DELIVERY,
  DELIVERY_MESSAGES,
  OPEN_ORDER_STATUSES,
  chainDayRange,
  chainToday,
  confirmCartPayload,
  deliveryEstimate,
  describeChainTime,
  describeNextOpening,
  isDeliveryOrder,
  foldText,
  isOpenAt,
  nextOpening,
  statusPath,
  type CartHistory,
  type ConfirmCartAnswer,
  type DateException,
  type Interval,
  type OrderStatus,
  type PlacedOrder,
  type Reorder,
  type StaffOrdersQuery,
  type StatusChangeBody,
} from '@comanda/shared';
import type { z } from 'zod';
import { canActOnBranch, type Actor } from '../../lib/authorization';
import { batchedLookup } from '../../lib/batched-lookup';
import type { CatalogChange } from '../../plugins/catalog-events';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { AuditActor, AuditService } from '../audit/service';
import { pauseState } from '../../lib/branch-pause';
import { ttlMemo } from '../../lib/ttl-memo';
import { exceptionFromRow, exceptionsFrom } from '../../lib/branch-exceptions';
import { buildLines } from './build-lines';
import { chargeForDelivery, type ZoneRule } from './delivery-zone';
import { groupCommit } from './group-commit';
import { menuSnapshot } from './menu-snapshot';
import { pastOrder, placedOrder } from './order-answer';
import { orderKey, type OrderDraft, type OrderKey, type OrdersRepository } from './repository';
import { statusEntry } from './status';

/** Who places an order: the branch sees their name and phone with it. */
export type Customer = Actor & { name: string; phone: string };

/** The most orders one staff list answers: a board or a day is far below it. */
export const STAFF_LIST_LIMIT = 500;
const MINUTE = 60_000;

/** How the service tells the world; the plugin sends these to the socket rooms. */
export interface OrderEvents {
  placed(order: PlacedOrder, branchId: number): void;
  statusChanged(order: PlacedOrder, userId: number, branchId: number): void;
}

type Errors = Record<string, string[]>;

/** The estimate said with a placed order: the branch's preparation and rush, plus the zone's trip. */
const estimateFor = (
  branch: { prep_minutes: number; rush_minutes: number },
  zone: { delivery_minutes: number } | undefined,
) =>
  deliveryEstimate({
    prep_minutes: branch.prep_minutes,
    rush_minutes: branch.rush_minutes,
    zone_minutes: zone?.delivery_minutes ?? 0,
  });
const refuse = (clientOrderId: string | null, errors: Errors): ConfirmCartAnswer => ({
  status: false,
  client_order_id: clientOrderId,
  errors,
});

/** What one account may order: how often, and how much in one order. */
export interface OrderLimits {
  ordersPerMinute: number;
  maxUnits: number;
  /** Whole pesos. */
  maxTotal: number;
}

/** Placing orders, showing them, and moving them along. */
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
  const { repository, rateLimiter, limits, audit } = options;
  const now = options.now ?? (() => new Date());
  // Reference data an order is checked against, remembered for a second: a branch's name,
  // hours and coverage, the payment types change by hand, rarely, and a second late is harmless.
  // A branch's pause is remembered with the branch, but every node forgets it the moment a
  // change is published (forget, through catalog-events): the second is only the bound when a
  // node misses that message. The menu (prices, availability, option groups) is kept the same
  // way in menu-snapshot.ts: dropped on every published change, so the next order sees it.
  const REFERENCE_TTL_MS = 1000;
  const branchOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.findBranch(id));
  const hoursOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.branchHours(id));
  const zonesOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.deliveryZones(id));
  // A branch's zones by folded name, made once per read of them (the memo above answers the same
  // array for a second): an order folds only its own address's neighbourhood, not every zone's.
  const zoneIndexes = new WeakMap<readonly ZoneRule[], Map<string, ZoneRule>>();
  async function zoneAt(branchId: number, neighbourhood: string): Promise<ZoneRule | undefined> {
    const zones = await zonesOf(branchId);
    let index = zoneIndexes.get(zones);
    if (!index) {
      index = new Map();
      // The first zone of a name wins, as zoneFor's search would find it.
      for (const zone of zones) {
        const key = foldText(zone.neighbourhood);
        if (!index.has(key)) index.set(key, zone);
      }
      zoneIndexes.set(zones, index);
    }
    return index.get(foldText(neighbourhood));
  }
  const exceptionsOf = ttlMemo(REFERENCE_TTL_MS, async (id: number) =>
    (await repository.branchExceptions(id, exceptionsFrom(now()))).map(exceptionFromRow),
  );
  const paymentOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.findPaymentType(id));
  const menu = menuSnapshot(repository, REFERENCE_TTL_MS);
  // Hours and exceptions are whole minutes: whether a branch is open holds for the minute, for
  // the hours and exceptions the memos above answered (a re-read answers new arrays).
  const openNow = new WeakMap<
    readonly Interval[],
    { exceptions: readonly DateException[]; minute: number; open: boolean }
  >();
  function openAt(
    hours: readonly Interval[],
    exceptions: readonly DateException[],
    at: Date,
  ): boolean {
    const minute = Math.floor(at.getTime() / MINUTE);
    const known = openNow.get(hours);
    if (known && known.exceptions === exceptions && known.minute === minute) return known.open;
    const open = isOpenAt(hours, at, undefined, exceptions);
    openNow.set(hours, { exceptions, minute, open });
    return open;
  }
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
      return ids.map((written) => ({ id: written.id, created: written.created, at }));
    },
    200,
    options.writers ?? 1,
  );

  /** An order with its owner, as its answer; null when there is none. */
  async function load(
    id: number,
  ): Promise<{ userId: number; branchId: number; order: PlacedOrder } | null> {
    const row = await repository.findOrder(id);
    if (!row) return null;
    const [lines, history] = await Promise.all([
      repository.orderLines(id),
      repository.orderHistory(id),
    ]);
    return {
      userId: row.user_id,
      branchId: row.branch_id,
      order: placedOrder(row, lines, history),
    };
  }

  /** Orders as answers, in the order of `ids`; missing ids are skipped. */
  async function loadMany(ids: number[]): Promise<PlacedOrder[]> {
    const [rows, lines, history] = await Promise.all([
      repository.findOrders(ids),
      repository.linesOf(ids),
      repository.historyOf(ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Grouped once: a day's list has hundreds of orders, each with its lines and steps.
    const linesOf = groupByOrder(lines);
    const historyOf = groupByOrder(history);
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [placedOrder(row, linesOf.get(id) ?? [], historyOf.get(id) ?? [])] : [];
    });
  }

  return {
    /**
     * product.md «States and transitions» "Continuar" / product.md «Wire contract»: validates everything against the database, prices it with
     * the shared rule, stores it durably, and answers only after the commit. The same
     * client_order_id from the same customer answers the first order again, never a second.
     */
    async place(customer: Customer, raw: unknown): Promise<ConfirmCartAnswer> {
      const parsed = confirmCartPayload.safeParse(raw);
      if (!parsed.success) return refuse(clientOrderIdOf(raw), payloadErrors(parsed.error));
      const payload = parsed.data;

      // A retry of an order already stored is answered with that order, whatever changed since
      // (the pace, the branch's hours, the menu). An attempt that passes every check is written
      // without asking first: the unique (user, client_order_id) turns a stored twin into
      // `created: false` below. Only an attempt about to be refused looks whether it is stored.
      const refuseUnlessStored = async (errors: Errors): Promise<ConfirmCartAnswer> => {
        const existing = await storedOrderId(
          orderKey({ user_id: customer.id, client_order_id: payload.client_order_id }),
        );
        return existing !== undefined
          ? answerExisting(existing, payload.client_order_id)
          : refuse(payload.client_order_id, errors);
      };
      const pace = await rateLimiter.hit(`orders-user:${customer.id}`, limits.ordersPerMinute, 60);
      if (!pace.allowed) return refuseUnlessStored({ _: [CHECKOUT_MESSAGES.tooManyOrders] });

      const errors: Errors = {};
      const branch = await branchOf(payload.branch_office.id);
      if (!branch) return refuseUnlessStored({ branch_office: [CHECKOUT_MESSAGES.branchUnknown] });

      const [hours, exceptions] = await Promise.all([hoursOf(branch.id), exceptionsOf(branch.id)]);
      const at = now();
      const pause = pauseState(branch.paused_until, at);
      if (!openAt(hours, exceptions, at)) {
        errors.branch_office = [
          CHECKOUT_MESSAGES.branchClosed(
            branch.title,
            describeNextOpening(nextOpening(hours, at, undefined, exceptions)),
          ),
        ];
      } else if (pause.paused) {
        const when = pause.resumes_at ? describeChainTime(pause.resumes_at, at) : null;
        errors.branch_office = [CHECKOUT_MESSAGES.branchPaused(branch.title, when)];
      }

      const payment = payload.payment ? await paymentOf(payload.payment.id) : undefined;
      if (!payload.payment) errors.payment = [CHECKOUT_MESSAGES.paymentRequired];
      else if (!payment) errors.payment = [CHECKOUT_MESSAGES.paymentUnknown];

      // The customer's choice, by the rule the storefront shares: explicit type, else the stored delivery.
      const typeDelivery: 1 | 2 = isDeliveryOrder(payload) ? 2 : 1;
      let address = branch.address;
      let addressId: number | null = null;
      let neighbourhood: string | null = null;
      let addressNotes: string | null = null;
      let zone: ZoneRule | undefined;
      if (typeDelivery === 1 && branch.pickup_available !== 1)
        errors.branch_office ??= [CHECKOUT_MESSAGES.noPickup(branch.title)];
      if (typeDelivery === 2) {
        if (branch.delivery_available !== 1)
          errors.address = [CHECKOUT_MESSAGES.noDelivery(branch.title)];
        else if (!payload.address_id) errors.address = [CHECKOUT_MESSAGES.addressRequired];
        else {
          // The stored address decides coverage, fee, minimum and estimate; never the client.
          const saved = await repository.findAddress(customer.id, payload.address_id);
          zone = saved ? await zoneAt(branch.id, saved.neighbourhood) : undefined;
          if (!saved) errors.address = [CHECKOUT_MESSAGES.addressUnknown];
          else if (!zone)
            errors.address = [
              CHECKOUT_MESSAGES.addressNotCovered(branch.title, saved.neighbourhood),
            ];
          else {
            address = `${saved.address}, ${saved.neighbourhood}, ${saved.city}`;
            addressId = saved.id;
            neighbourhood = saved.neighbourhood;
            addressNotes = saved.notes.trim() || null;
          }
        }
      }

      const menuAtBranch = await menu.menuAt(branch.id, [
        ...new Set(payload.detail.map((item) => item.id)),
      ]);
      const { lines, errors: lineErrors } = buildLines(payload.detail, menuAtBranch, branch.title);
      const quantity = lines.reduce((n, line) => n + line.quantity, 0);
      const subtotal = lines.reduce((n, line) => n + line.total, 0);
      // The zone's fee on top of the products, or its minimum not reached (delivery-zone.ts).
      const delivery = chargeForDelivery(zone === undefined ? [] : [zone], neighbourhood, subtotal);
      if (delivery.problem && lines.length > 0) errors.address = [delivery.problem];
      const { total } = delivery;
      if (quantity > limits.maxUnits)
        lineErrors.push(CHECKOUT_MESSAGES.tooManyUnits(limits.maxUnits));
      else if (total > limits.maxTotal)
        lineErrors.push(CHECKOUT_MESSAGES.totalTooHigh(limits.maxTotal));
      if (lineErrors.length > 0) errors.detail = lineErrors;
      if (Object.keys(errors).length > 0 || !payment) return refuseUnlessStored(errors);

      const draft: OrderDraft = {
        user_id: customer.id,
        branch_id: branch.id,
        client_order_id: payload.client_order_id,
        type_delivery: typeDelivery,
        address_id: addressId,
        address,
        neighbourhood,
        address_notes: addressNotes,
        customer_phone: customer.phone,
        payment_type_id: payment.id,
        payment_description: payment.description,
        observation: payload.form.observation.trim(),
        quantity,
        total,
        delivery_fee: delivery.fee,
        lines,
      };
      const written = await write(draft);
      // A retry of a stored order (or one that lost the race to its twin) answers the stored
      // order; a new one is answered from what was just committed, without reading it back.
      if (!written.created) return answerExisting(written.id, payload.client_order_id);
      // Field by field rather than spreading the draft: this literal is built for every order,
      // and a spread of the draft into a wider object was the costliest line of placement.
      const order = placedOrder(
        {
          id: written.id,
          client_order_id: draft.client_order_id,
          branch_id: draft.branch_id,
          type_delivery: draft.type_delivery,
          address: draft.address,
          neighbourhood: draft.neighbourhood,
          address_notes: draft.address_notes,
          address_id: draft.address_id,
          payment_description: draft.payment_description,
          observation: draft.observation,
          quantity: draft.quantity,
          total: draft.total,
          delivery_fee: draft.delivery_fee,
          branch_title: branch.title,
          branch_address: branch.address,
          status: 'received',
          created_at: written.at,
          accepted_at: null,
          promised_at: null,
          reject_reason: null,
          customer_name: customer.name,
          customer_phone: draft.customer_phone,
        },
        draft.lines,
        [{ status: 'received', at: written.at }],
      );
      options.events.placed(order, branch.id);
      return {
        status: true,
        client_order_id: payload.client_order_id,
        order,
        eta: estimateFor(branch, zone),
      };
    },

    /** One order for its owner or whoever may act on its branch; null for anyone else (indistinguishable from missing). */
    async get(viewer: Actor, id: number): Promise<PlacedOrder | null> {
      const found = await load(id);
      if (!found || (found.userId !== viewer.id && !canActOnBranch(viewer, found.branchId)))
        return null;
      return found.order;
    },

    /**
     * "Volver a pedir": what the customer's order `id` keeps at `branchId` (the branch chosen now;
     * the order's own when not given). The type always; for delivery, the saved address when it
     * still exists and the branch still reaches its neighbourhood as it reads now, else why not.
     * Null when the order is not the customer's; 'branch' when the branch is unknown or hidden.
     */
    async reorder(
      userId: number,
      id: number,
      branchId?: number,
    ): Promise<Reorder | null | 'branch'> {
      const row = await repository.findOrder(id);
      if (!row || row.user_id !== userId) return null;
      const branch = await branchOf(branchId ?? row.branch_id);
      if (!branch) return 'branch';
      const kept = { branch: { id: branch.id, title: branch.title } };
      if (row.type_delivery !== 2) {
        const problem =
          branch.pickup_available === 1 ? null : CHECKOUT_MESSAGES.noPickup(branch.title);
        return {
          type_delivery: 1,
          delivery: DELIVERY.pickupBranch,
          ...kept,
          address_id: null,
          problem,
        };
      }
      const delivery = { type_delivery: 2, delivery: DELIVERY.delivery, ...kept } as const;
      if (branch.delivery_available !== 1)
        return {
          ...delivery,
          address_id: null,
          problem: CHECKOUT_MESSAGES.noDelivery(branch.title),
        };
      const saved =
        row.address_id === null ? undefined : await repository.findAddress(userId, row.address_id);
      if (!saved) return { ...delivery, address_id: null, problem: DELIVERY_MESSAGES.addressGone };
      if (!(await zoneAt(branch.id, saved.neighbourhood))) {
        return {
          ...delivery,
          address_id: null,
          problem: CHECKOUT_MESSAGES.addressNotCovered(branch.title, saved.neighbourhood),
        };
      }
      return { ...delivery, address_id: saved.id, problem: null };
    },

    /** The branch an order belongs to, or null when there is no such order: for authorization. */
    branchOf: (id: number) => repository.findOrderBranch(id),

    /**
     * Staff move an order along; the customer and the branch hear about it at once. `status` is
     * the target: the shared graph gives the steps to it (an accepted order passes through
     * "En preparación" to "Listo"), and every step is recorded in the history and the change log
     * in one transaction, as if taken one by one. Accepting promises a ready time: now + the
     * preparation minutes (the branch's usual ones unless given) + the branch's rush minutes;
     * rejecting records why. Compare-and-set on the status the order was read at, so two screens
     * answering at once cannot both win. Each step keeps who took it (decision 016).
     */
    async changeStatus(
      id: number,
      change: StatusChangeBody,
      actor: AuditActor,
    ): Promise<
      { order: PlacedOrder } | { error: 'not_found' } | { error: 'invalid'; from: OrderStatus }
    > {
      const found = await load(id);
      if (!found) return { error: 'not_found' };
      const { status, type_delivery } = found.order;
      const steps = statusPath(status, change.status, type_delivery);
      if (!steps) return { error: 'invalid', from: status };
      const at = now();
      let recorded: { accepted_at?: string; promised_at?: string; reject_reason?: string } = {};
      let prepMinutes: number | undefined;
      if (change.status === 'accepted') {
        const timing = await repository.branchTiming(found.branchId);
        prepMinutes = change.prep_minutes ?? timing?.prep_minutes ?? 20;
        const minutes = prepMinutes + (timing?.rush_minutes ?? 0);
        recorded = {
          accepted_at: at.toISOString(),
          promised_at: new Date(at.getTime() + minutes * MINUTE).toISOString(),
        };
      } else if ((change.status === 'rejected' || change.status === 'cancelled') && change.reason) {
        // A cancellation's reason is kept where a rejection's is: the customer reads it the same way.
        recorded = { reject_reason: change.reason };
      }
      // Accepting and rejecting are never passed through, so what they record belongs to the last step.
      const entries = steps.map((to, index) =>
        statusEntry(
          id,
          found.branchId,
          index === 0 ? status : steps[index - 1]!,
          to,
          index === steps.length - 1
            ? { ...recorded, ...(prepMinutes === undefined ? {} : { prep_minutes: prepMinutes }) }
            : {},
        ),
      );
      const moved = await repository.changeStatus(id, status, steps, at.toISOString(), {
        recorded,
        actorId: actor.id,
        also: async (trx) => {
          for (const entry of entries) await audit.record(trx, actor, entry);
        },
      });
      if (!moved) return { error: 'invalid', from: (await load(id))?.order.status ?? status };
      const updated = (await load(id))!;
      options.events.statusChanged(updated.order, updated.userId, updated.branchId);
      return { order: updated.order };
    },

    /** The board (open orders, oldest first) or one day of a branch (newest first, searchable). */
    async listForBranch(
      branchId: number,
      query: Omit<StaffOrdersQuery, 'branch_id'>,
    ): Promise<PlacedOrder[]> {
      if (query.scope === 'open')
        return loadMany(
          await repository.openOrderIds(branchId, OPEN_ORDER_STATUSES, STAFF_LIST_LIMIT),
        );
      const { start, end } = chainDayRange(query.date ?? chainToday(now()));
      return loadMany(
        await repository.dayOrderIds(
          branchId,
          start.toISOString(),
          end.toISOString(),
          query.q || undefined,
          STAFF_LIST_LIMIT,
        ),
      );
    },

    /** Placement must not use a remembered branch or menu after it changed (a pause, a price, a sold-out switch). */
    forget(change: CatalogChange): void {
      if (change.type === 'branch')
        for (const memo of [branchOf, hoursOf, zonesOf, exceptionsOf])
          memo.forget(change.branch_id);
      // A wider change (the back office's menu, branches, payment types): everything placement remembers.
      if (change.type === 'catalog')
        for (const memo of [branchOf, hoursOf, zonesOf, exceptionsOf, paymentOf]) memo.clear();
      menu.forget(change);
    },

    /**
     * A user's orders, newest first, a page at a time. `before` (the previous page's `next`, one
     * of the user's orders) continues below that order's position; without it, page N is a range
     * of positions counted from the newest. Either way an index range of one page, however deep
     * (decisions 018 and 027). Null when `before` is not one of the user's orders.
     */
    async history(
      userId: number,
      page: number,
      perPage: number,
      before?: number,
    ): Promise<CartHistory | null> {
      const total = await repository.orderCount(userId);
      const above =
        before === undefined
          ? total - (page - 1) * perPage + 1
          : await repository.positionOf(userId, before);
      if (above === undefined) return null;
      const newest = above - 1;
      const orders =
        newest < 1
          ? []
          : await repository.ordersAtPositions(userId, Math.max(1, newest - perPage + 1), newest);
      const linesByOrder = groupByOrder(await repository.linesOf(orders.map((o) => o.id)));
      const last = orders.at(-1);
      // Older orders remain when the last one shown is not its customer's first.
      const more =
        last !== undefined &&
        (last.user_seq !== null ? last.user_seq > 1 : orders.length === perPage);
      return {
        page,
        per_page: perPage,
        total,
        next: more ? last.id : null,
        results: orders.map((order) => pastOrder(order, linesByOrder.get(order.id) ?? [])),
      };
    },
  };

  async function answerExisting(id: number, clientOrderId: string): Promise<ConfirmCartAnswer> {
    const found = await load(id);
    if (!found) return refuse(clientOrderId, { _: [CHECKOUT_MESSAGES.busy] });
    // The same estimate a first answer carries, from today's branch and zone (all remembered reads).
    const branch = await branchOf(found.branchId);
    const { neighbourhood } = found.order;
    const zone =
      branch && neighbourhood !== null ? await zoneAt(branch.id, neighbourhood) : undefined;
    return {
      status: true,
      client_order_id: clientOrderId,
      order: found.order,
      ...(branch ? { eta: estimateFor(branch, zone) } : {}),
    };
  }
}

/** A malformed payload: say which part, in Spanish, without echoing zod's internals. */
function payloadErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    const message =
      field === 'payment'
        ? CHECKOUT_MESSAGES.paymentRequired
        : field === 'branch_office'
          ? CHECKOUT_MESSAGES.branchRequired
          : field === 'detail' && issue.code === 'too_big'
            ? CHECKOUT_MESSAGES.tooManyLines
            : field === 'form' &&
                issue.path[1] === 'observation' &&
                (issue.code === 'custom' || issue.code === 'too_big')
              ? issue.message
              : CHECKOUT_MESSAGES.invalid;
    errors[field] = [...new Set([...(errors[field] ?? []), message])];
  }
  return errors;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

function groupByOrder<T extends { order_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return groups;
}

/** The client_order_id a payload names, valid or not, so even a refusal names the attempt it answers. */
export function clientOrderIdOf(raw: unknown): string | null {
  const id = (raw as { client_order_id?: unknown } | null)?.client_order_id;
  return typeof id === 'string' ? id.slice(0, 64) : null;
}

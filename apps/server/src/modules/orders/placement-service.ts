import {
  CHECKOUT_MESSAGES,
  ORDER_STATUS_TEXT,
  TYPE_DELIVERY_TEXT,
  confirmCartPayload,
  coversNeighbourhood,
  describeNextOpening,
  isOpenAt,
  nextOpening,
  orderLineOptionSchema,
  type ConfirmCartAnswer,
  type OrderStatus,
  type PlacedOrder,
} from '@comanda/shared';
import { z } from 'zod';
import { ttlMemo } from '../../lib/ttl-memo';
import { buildLines, type MenuAtBranch } from './build-lines';
import { groupCommit } from './group-commit';
import type { OrderDraft, PlacementRepository } from './placement-repository';
import { canMove } from './status';

export interface Customer {
  id: number;
  role: 'customer' | 'staff';
}

/** How the service tells the world; the socket plugin provides it. */
export interface OrderEvents {
  placed(order: PlacedOrder, branchId: number): void;
  statusChanged(order: PlacedOrder, userId: number, branchId: number): void;
}

type Errors = Record<string, string[]>;
const refuse = (clientOrderId: string | null, errors: Errors): ConfirmCartAnswer => ({
  status: false,
  client_order_id: clientOrderId,
  errors,
});

const storedOptions = z.array(orderLineOptionSchema);
const iso = (value: string | Date) => new Date(value).toISOString();

export function createPlacementService(options: {
  repository: PlacementRepository;
  events: () => OrderEvents;
  now?: () => Date;
}) {
  const { repository } = options;
  const now = options.now ?? (() => new Date());
  // Reference data an order is checked against, remembered for a second: a branch's name,
  // hours and coverage, the payment types and the option groups change by hand, rarely, and a
  // second late is harmless. Prices and availability are never remembered: see productsAtBranch.
  const REFERENCE_TTL_MS = 1000;
  const branchOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.findBranch(id));
  const hoursOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.branchHours(id));
  const zonesOf = ttlMemo(REFERENCE_TTL_MS, async (id: number) => (await repository.deliveryZones(id)).map((z) => z.neighbourhood));
  const paymentOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.findPaymentType(id));
  const optionsOf = ttlMemo(REFERENCE_TTL_MS, (productId: number) => repository.optionsOf(productId));

  async function menuAt(branchId: number, productIds: number[]): Promise<MenuAtBranch> {
    const [products, structures] = await Promise.all([
      repository.productsAtBranch(branchId, productIds),
      Promise.all(productIds.map((id) => optionsOf(id))),
    ]);
    return { products, groups: structures.flatMap((s) => s.groups), options: structures.flatMap((s) => s.options) };
  }
  const write = groupCommit(async (drafts: OrderDraft[]) => {
    const at = now().toISOString();
    const ids = await repository.insertOrders(drafts, at);
    return ids.map((written) => ({ ...written, at }));
  });

  async function loadOrder(id: number): Promise<(PlacedOrder & { user_id: number; branch_id: number }) | null> {
    const order = await repository.findOrder(id);
    if (!order) return null;
    const [lines, history] = await Promise.all([repository.orderLines(id), repository.orderHistory(id)]);
    const typeDelivery = order.type_delivery === 2 ? 2 : 1;
    return {
      id: order.id,
      user_id: order.user_id,
      branch_id: order.branch_id,
      client_order_id: order.client_order_id,
      branch_office: { id: order.branch_id, title: order.branch_title, address: order.branch_address },
      type_delivery: typeDelivery,
      type_delivery_text: TYPE_DELIVERY_TEXT[typeDelivery],
      address: order.address,
      payment: order.payment_description,
      observation: order.observation,
      quantity: order.quantity,
      total: order.total,
      status: order.status,
      status_text: ORDER_STATUS_TEXT[order.status],
      created_at: iso(order.created_at),
      detail: lines.map(({ options: json, ...line }) => {
        const parsed = storedOptions.safeParse(safeJson(json));
        return { ...line, options: parsed.success ? parsed.data : [] };
      }),
      history: history.map((h) => ({ status: h.status, status_text: ORDER_STATUS_TEXT[h.status], at: iso(h.at) })),
    };
  }

  const publicOrder = ({ user_id: _u, branch_id: _b, ...order }: PlacedOrder & { user_id: number; branch_id: number }) =>
    order as PlacedOrder;

  return {
    /**
     * Spec §4 "Continuar" / DESIGN §3: validates everything against the database, prices it with
     * the shared rule, stores it durably, and answers only after the commit. The same
     * client_order_id from the same customer answers the first order again, never a second.
     */
    async place(customer: Customer, raw: unknown): Promise<ConfirmCartAnswer> {
      const parsed = confirmCartPayload.safeParse(raw);
      const clientOrderId = clientOrderIdOf(raw);
      if (!parsed.success) return refuse(clientOrderId, payloadErrors(parsed.error));
      const payload = parsed.data;

      const existing = await repository.findOrderId(customer.id, payload.client_order_id);
      if (existing !== null) return answerExisting(existing, payload.client_order_id);

      const errors: Errors = {};
      const branch = await branchOf(payload.branch_office.id);
      if (!branch) return refuse(payload.client_order_id, { branch_office: [CHECKOUT_MESSAGES.branchUnknown] });

      const hours = await hoursOf(branch.id);
      const at = now();
      if (!isOpenAt(hours, at)) {
        errors.branch_office = [CHECKOUT_MESSAGES.branchClosed(branch.title, describeNextOpening(nextOpening(hours, at)))];
      }

      const payment = payload.payment ? await paymentOf(payload.payment.id) : undefined;
      if (!payload.payment) errors.payment = [CHECKOUT_MESSAGES.paymentRequired];
      else if (!payment) errors.payment = [CHECKOUT_MESSAGES.paymentUnknown];

      const typeDelivery: 1 | 2 = payload.type_delivery ?? (payload.delivery === 'domicilio' || payload.delivery === 1 ? 2 : 1);
      let address = branch.address;
      let addressId: number | null = null;
      if (typeDelivery === 2) {
        if (branch.delivery_available !== 1) errors.address = [CHECKOUT_MESSAGES.noDelivery(branch.title)];
        else if (!payload.address_id) errors.address = [CHECKOUT_MESSAGES.addressRequired];
        else {
          const saved = await repository.findAddress(customer.id, payload.address_id);
          if (!saved) errors.address = [CHECKOUT_MESSAGES.addressUnknown];
          else if (!coversNeighbourhood(await zonesOf(branch.id), saved.neighbourhood)) {
            errors.address = [CHECKOUT_MESSAGES.addressNotCovered(branch.title, saved.neighbourhood)];
          } else {
            address = `${saved.address}, ${saved.neighbourhood}, ${saved.city}`;
            addressId = saved.id;
          }
        }
      }

      const menu = await menuAt(branch.id, [...new Set(payload.detail.map((item) => item.id))]);
      const { lines, errors: lineErrors } = buildLines(payload.detail, menu, branch.title);
      if (lineErrors.length > 0) errors.detail = lineErrors;
      if (Object.keys(errors).length > 0 || !payment) return refuse(payload.client_order_id, errors);

      const draft: OrderDraft = {
        user_id: customer.id,
        branch_id: branch.id,
        client_order_id: payload.client_order_id,
        type_delivery: typeDelivery,
        address_id: addressId,
        address,
        payment_type_id: payment.id,
        payment_description: payment.description,
        observation: payload.form.observation.trim(),
        quantity: lines.reduce((n, line) => n + line.quantity, 0),
        total: lines.reduce((n, line) => n + line.total, 0),
        lines,
      };
      const written = await write(draft);
      // A retry that lost the race to its twin answers the stored order; a new one is answered
      // from what was just committed, without reading it back.
      if (!written.created) return answerExisting(written.id, payload.client_order_id);
      const order = fromDraft(written.id, written.at, draft, branch);
      options.events().placed(order, branch.id);
      return { status: true, client_order_id: payload.client_order_id, order };
    },

    /** One order for its owner, or for staff; null for anyone else (indistinguishable from missing). */
    async get(viewer: Customer, id: number): Promise<PlacedOrder | null> {
      const order = await loadOrder(id);
      if (!order || (order.user_id !== viewer.id && viewer.role !== 'staff')) return null;
      return publicOrder(order);
    },

    /** Staff move an order along; the customer and the branch hear about it at once. */
    async changeStatus(id: number, to: OrderStatus): Promise<{ order: PlacedOrder } | { error: 'not_found' | 'invalid'; from?: OrderStatus }> {
      const order = await loadOrder(id);
      if (!order) return { error: 'not_found' };
      if (!canMove(order.status, to, order.type_delivery)) return { error: 'invalid', from: order.status };
      const moved = await repository.changeStatus(id, order.status, to, now().toISOString());
      if (!moved) return { error: 'invalid', from: order.status };
      const updated = (await loadOrder(id))!;
      options.events().statusChanged(publicOrder(updated), updated.user_id, updated.branch_id);
      return { order: publicOrder(updated) };
    },
  };

  function fromDraft(id: number, at: string, draft: OrderDraft, branch: { title: string; address: string }): PlacedOrder {
    return {
      id,
      client_order_id: draft.client_order_id,
      branch_office: { id: draft.branch_id, title: branch.title, address: branch.address },
      type_delivery: draft.type_delivery,
      type_delivery_text: TYPE_DELIVERY_TEXT[draft.type_delivery],
      address: draft.address,
      payment: draft.payment_description,
      observation: draft.observation,
      quantity: draft.quantity,
      total: draft.total,
      status: 'received',
      status_text: ORDER_STATUS_TEXT.received,
      created_at: at,
      detail: draft.lines.map(({ options: json, ...line }) => ({ ...line, options: storedOptions.parse(JSON.parse(json)) })),
      history: [{ status: 'received', status_text: ORDER_STATUS_TEXT.received, at }],
    };
  }

  async function answerExisting(id: number, clientOrderId: string): Promise<ConfirmCartAnswer> {
    const order = await loadOrder(id);
    if (!order) return refuse(clientOrderId, { _: [CHECKOUT_MESSAGES.busy] });
    return { status: true, client_order_id: clientOrderId, order: publicOrder(order) };
  }
}

/** The client_order_id of a payload, valid or not, so even a refusal names the order it answers. */
export function clientOrderIdOf(raw: unknown): string | null {
  const id = (raw as { client_order_id?: unknown } | null)?.client_order_id;
  return typeof id === 'string' ? id.slice(0, 64) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
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
            : CHECKOUT_MESSAGES.invalid;
    errors[field] = [...new Set([...(errors[field] ?? []), message])];
  }
  return errors;
}

export type PlacementService = ReturnType<typeof createPlacementService>;

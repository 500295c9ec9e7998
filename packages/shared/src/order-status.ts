import type { OrderStatus } from './schemas/orders';

/**
 * The one order-status graph: where an order may go from each status. The server refuses every
 * other move, the console offers its buttons from it, and the tracking page draws its timeline
 * from the same flows. `on_the_way` exists only for delivery orders (type_delivery 2).
 */
const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // An order paid online waits for its money; only the payment moves it (PAYMENT_MOVES).
  awaiting_payment: [],
  received: ['accepted', 'rejected', 'cancelled'],
  accepted: ['preparing', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  // A ready order may still be cancelled: the courier never came, the customer phoned.
  ready: ['on_the_way', 'delivered', 'cancelled'],
  on_the_way: ['delivered'],
  delivered: [],
  rejected: [],
  cancelled: [],
  payment_expired: [],
};

/**
 * Where the money, never staff, takes an order paid online (decision 061): approved (or switched
 * to a method paid on delivery) it reaches the branch as `received`; never approved in time it
 * ends `payment_expired`. The payments module makes these moves; `canStep` does not offer them.
 */
export const PAYMENT_MOVES: Readonly<Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  awaiting_payment: ['received', 'payment_expired'],
};

/**
 * Recall: the board brings an order bumped to "Entregado" by mistake back to "Listo". Kept apart
 * from NEXT so a delivered order still reads as finished everywhere (the tracking page, the
 * history); only the branch's staff take this step, through the same status route.
 */
const RECALL: Partial<Record<OrderStatus, OrderStatus>> = { delivered: 'ready' };

/** Where an order stops without being delivered: the timeline shows them as a stop, not a step. */
export const STOPPED_STATUSES: readonly OrderStatus[] = [
  'rejected',
  'cancelled',
  'payment_expired',
];

/**
 * The subsets of statuses the server and the apps ask about, named once. `statusIn` checks a
 * status against one (the wire's `status` is a plain string in some readers).
 */
export const statusIn = (statuses: readonly OrderStatus[], status: string): boolean =>
  (statuses as readonly string[]).includes(status);

/**
 * The kitchen's open work: taken in and not yet ready. The promise's queue reads these orders,
 * and the board's all-day strip counts their food.
 */
export const OPEN_WORK_STATUSES = [
  'received',
  'accepted',
  'preparing',
] as const satisfies readonly OrderStatus[];

/**
 * Accepted and not yet ready: the time the branch promised on accepting is running (the board's
 * late check and the card's "Listo aprox.", a courier sent out before "Listo").
 */
export const COOKING_STATUSES = ['accepted', 'preparing'] as const satisfies readonly OrderStatus[];

/**
 * An order nobody has answered for this many minutes is late: the board marks it Demorado, and
 * Informes' Ahora puts its branch among those to call first.
 */
export const LATE_UNANSWERED_MINUTES = 3;

/** Accepted and not yet delivered: the branch's promise still tells the customer something. */
export const PROMISING_STATUSES = [
  'accepted',
  'preparing',
  'ready',
  'on_the_way',
] as const satisfies readonly OrderStatus[];

/**
 * Not started yet: a scheduled order in one of these waits for its fire time, and its customer
 * may still cancel it (accepted too: a branch may accept its scheduled orders ahead).
 */
export const NOT_STARTED_STATUSES = [
  'received',
  'accepted',
] as const satisfies readonly OrderStatus[];

/** The stops staff make, each with its reason, which the customer reads the same way. */
export const REASONED_STOPS = ['rejected', 'cancelled'] as const satisfies readonly OrderStatus[];

/**
 * The statuses an order may pass through on its way to a target in one request. Only
 * "En preparación": nobody decides anything there (accepting promises a time, "Listo" calls the
 * customer or the courier), so a kitchen that starts cooking on accepting marks "Listo" in one tap
 * and the order still records that it was being prepared.
 */
const PASS_THROUGH: readonly OrderStatus[] = ['preparing'];

type TypeDelivery = 1 | 2;

const PICKUP_FLOW: readonly OrderStatus[] = [
  'received',
  'accepted',
  'preparing',
  'ready',
  'delivered',
];
const DELIVERY_FLOW: readonly OrderStatus[] = [
  'received',
  'accepted',
  'preparing',
  'ready',
  'on_the_way',
  'delivered',
];

/** The steps of an order that goes well, in order (product.md «Wire contract»). */
export const statusFlow = (typeDelivery: TypeDelivery): readonly OrderStatus[] =>
  typeDelivery === 2 ? DELIVERY_FLOW : PICKUP_FLOW;

export const isStopped = (status: OrderStatus): boolean => STOPPED_STATUSES.includes(status);
/** Nothing more will happen to the order. */
export const isFinished = (status: OrderStatus): boolean =>
  NEXT[status].length === 0 && !PAYMENT_MOVES[status];

/** Whether one step `from` → `to` is allowed for an order of this type. */
export function canStep(from: OrderStatus, to: OrderStatus, typeDelivery: TypeDelivery): boolean {
  if (to === 'on_the_way' && typeDelivery !== 2) return false;
  return NEXT[from].includes(to) || RECALL[from] === to;
}

/**
 * The steps to take, in order, to bring an order from `from` to `target` (the target last), or
 * null when it may not get there. A direct step when allowed; otherwise a path whose every
 * intermediate status is one an order may pass through (PASS_THROUGH). The graph has no cycles
 * and each status has at most one pass-through successor, so the path is unique when it exists.
 */
export function statusPath(
  from: OrderStatus,
  target: OrderStatus,
  typeDelivery: TypeDelivery,
): OrderStatus[] | null {
  if (canStep(from, target, typeDelivery)) return [target];
  for (const via of NEXT[from]) {
    if (!PASS_THROUGH.includes(via) || !canStep(from, via, typeDelivery)) continue;
    const rest = statusPath(via, target, typeDelivery);
    if (rest) return [via, ...rest];
  }
  return null;
}

/**
 * The status the console's main button takes an order to: the next one of its flow that is not
 * passed through. Null when the order is finished, and for a received order, which is accepted
 * or rejected (each asks a question of its own).
 */
export function nextTarget(status: OrderStatus, typeDelivery: TypeDelivery): OrderStatus | null {
  if (status === 'received') return null;
  const flow = statusFlow(typeDelivery);
  const position = flow.indexOf(status);
  if (position < 0) return null;
  return flow.slice(position + 1).find((candidate) => !PASS_THROUGH.includes(candidate)) ?? null;
}

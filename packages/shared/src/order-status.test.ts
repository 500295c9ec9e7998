import { describe, expect, it } from 'vitest';
import {
  canStep,
  isFinished,
  isStopped,
  nextTarget,
  PAYMENT_MOVES,
  statusFlow,
  statusPath,
} from './order-status';
import { ORDER_STATUSES, type OrderStatus } from './schemas/orders';

/** Every path the graph allows, written out: any pair not listed must be refused. */
const PICKUP_PATHS: Record<string, OrderStatus[]> = {
  'received→accepted': ['accepted'],
  'received→rejected': ['rejected'],
  'received→cancelled': ['cancelled'],
  'accepted→preparing': ['preparing'],
  'accepted→ready': ['preparing', 'ready'],
  'accepted→cancelled': ['cancelled'],
  'preparing→ready': ['ready'],
  'preparing→cancelled': ['cancelled'],
  'ready→delivered': ['delivered'],
  'ready→cancelled': ['cancelled'],
  // Recall: an order bumped to "Entregado" by mistake goes back to "Listo".
  'delivered→ready': ['ready'],
  // Allowed by the graph, though a pickup order never gets to on_the_way.
  'on_the_way→delivered': ['delivered'],
};
const DELIVERY_PATHS: Record<string, OrderStatus[]> = {
  ...PICKUP_PATHS,
  'ready→on_the_way': ['on_the_way'],
};

describe('statusPath', () => {
  for (const [type, paths] of [
    [1, PICKUP_PATHS],
    [2, DELIVERY_PATHS],
  ] as const) {
    it(`answers every pair of statuses for type_delivery ${type}: the allowed path or a refusal`, () => {
      let allowed = 0;
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const expected = paths[`${from}→${to}`] ?? null;
          expect(statusPath(from, to, type), `${from} → ${to}`).toEqual(expected);
          // A one-step path is exactly an allowed step; a longer one is not a step.
          expect(canStep(from, to, type), `step ${from} → ${to}`).toBe(expected?.length === 1);
          if (expected) allowed += 1;
        }
      }
      expect(allowed).toBe(Object.keys(paths).length);
    });
  }
});

describe('nextTarget', () => {
  it("is the console's main button: the next status of the flow, never one passed through", () => {
    expect(nextTarget('received', 1)).toBeNull();
    expect(nextTarget('accepted', 1)).toBe('ready');
    expect(nextTarget('preparing', 1)).toBe('ready');
    expect(nextTarget('ready', 1)).toBe('delivered');
    expect(nextTarget('ready', 2)).toBe('on_the_way');
    expect(nextTarget('on_the_way', 2)).toBe('delivered');
    for (const status of ['delivered', 'rejected', 'cancelled'] as const)
      expect(nextTarget(status, 2)).toBeNull();
  });

  it('always names a status the server accepts as a target', () => {
    for (const type of [1, 2] as const) {
      for (const from of ORDER_STATUSES) {
        const to = nextTarget(from, type);
        if (to) expect(statusPath(from, to, type), `${from} → ${to}`).not.toBeNull();
      }
    }
  });
});

describe('flows and ends', () => {
  it('goes on the way only for delivery, and every flow step is reachable from the previous', () => {
    expect(statusFlow(1)).not.toContain('on_the_way');
    expect(statusFlow(2)).toContain('on_the_way');
    for (const type of [1, 2] as const) {
      const flow = statusFlow(type);
      flow
        .slice(1)
        .forEach((status, index) => expect(canStep(flow[index]!, status, type)).toBe(true));
    }
  });

  it('stops at rejected, cancelled and an unpaid expiry; finishes there and at delivered', () => {
    expect(ORDER_STATUSES.filter(isStopped)).toEqual(['rejected', 'cancelled', 'payment_expired']);
    expect(ORDER_STATUSES.filter(isFinished)).toEqual([
      'delivered',
      'rejected',
      'cancelled',
      'payment_expired',
    ]);
  });

  it('leaves an order awaiting its money to the payment: staff can take it nowhere', () => {
    expect(isFinished('awaiting_payment')).toBe(false);
    for (const target of ORDER_STATUSES) {
      expect(canStep('awaiting_payment', target, 2)).toBe(false);
      expect(statusPath('awaiting_payment', target, 2)).toBeNull();
      expect(canStep('payment_expired', target, 2)).toBe(false);
    }
    // Nor can staff take an order to the payment's own statuses.
    for (const from of ORDER_STATUSES) {
      expect(statusPath(from, 'awaiting_payment', 2)).toBeNull();
      expect(statusPath(from, 'payment_expired', 2)).toBeNull();
    }
    expect(PAYMENT_MOVES.awaiting_payment).toEqual(['received', 'payment_expired']);
  });
});

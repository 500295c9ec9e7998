import { CHECKOUT_MESSAGES, type Branch } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '@/stores/session-store';
import {
  buildPayload,
  endsAttempt,
  isConfirmCartAnswer,
  placeErrors,
  readPendingOrder,
  savePendingOrder,
  clearPendingOrder,
  PENDING_ORDER_KEY,
} from './checkout-order';
import { coverageProblem } from './coverage';

const branch: Branch = {
  id: 3,
  slug: 'terminal-24h',
  title: 'Terminal 24h',
  address: 'Diag. 23 #69-60',
  phone: '6010000000',
  city: 'Bogotá',
  opening_hours: [],
  opening_exceptions: [],
  open_now: true,
  accepting_orders: true,
  resumes_at: null,
  closed: null,
  prep_minutes: 20,
  rush_minutes: 0,
  eta: { pickup: [20, 30] },
  pickup: { available: true },
  delivery: {
    available: true,
    neighbourhoods: ['Ciudad Salitre', 'Capellanía'],
    zones: [
      {
        neighbourhood: 'Ciudad Salitre',
        fee: 0,
        min_order: 0,
        delivery_minutes: 20,
        eta: [40, 55],
      },
      { neighbourhood: 'Capellanía', fee: 0, min_order: 0, delivery_minutes: 20, eta: [40, 55] },
    ],
  },
};

const line: CartItem = {
  _id: 'line-1',
  id: 7,
  slug: 'hamburguesa-clasica',
  title: 'Hamburguesa Clásica',
  description: '',
  image: '/images/x.webp',
  price: 22900,
  quantity: 2,
  total: 45800,
  favorite: null,
  modifier_group: [],
};

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('buildPayload', () => {
  const base = {
    clientOrderId: 'a1b2c3d4-0000',
    branch,
    payment: {
      id: 1,
      selected: false,
      number: 1,
      parameter: { description: 'Efectivo' },
      online: false,
      cash: true,
      test: false,
    },
    observation: '  sin cebolla  ',
    cart: [line],
    delivery: 2 as const,
    user: { email: 'cliente@comanda.test' },
    addressId: 9,
  };

  it('sends product.md «Wire contract» fields, the id and the order type; an address only for delivery', () => {
    const pickup = buildPayload({ ...base, typeDelivery: 1 });
    expect(pickup).toMatchObject({
      client_order_id: 'a1b2c3d4-0000',
      branch_office: { id: 3 },
      payment: { id: 1 },
      form: { observation: 'sin cebolla' },
      detail: [{ id: 7, quantity: 2, modifier_group: [] }],
      delivery: 2,
      user: { email: 'cliente@comanda.test' },
      type_delivery: 1,
    });
    expect(pickup).not.toHaveProperty('address_id');
    expect(buildPayload({ ...base, typeDelivery: 2 })).toMatchObject({
      type_delivery: 2,
      address_id: 9,
    });
  });

  it('sends a typed discount code trimmed, and none when the field is blank', () => {
    expect(buildPayload({ ...base, typeDelivery: 1, couponCode: ' abcd-2345 ' })).toMatchObject({
      coupon_code: 'abcd-2345',
    });
    expect(buildPayload({ ...base, typeDelivery: 1, couponCode: '   ' })).not.toHaveProperty(
      'coupon_code',
    );
    expect(buildPayload({ ...base, typeDelivery: 1 })).not.toHaveProperty('coupon_code');
  });

  it('sends what cash pays with only when it was said', () => {
    expect(buildPayload({ ...base, typeDelivery: 1, payWith: 50_000 })).toMatchObject({
      pay_with: 50_000,
    });
    expect(buildPayload({ ...base, typeDelivery: 1, payWith: null })).not.toHaveProperty(
      'pay_with',
    );
  });

  it('sends the total the page showed (promotions in), for the server to refuse another one', () => {
    expect(buildPayload({ ...base, typeDelivery: 1, expectedTotal: 22_900 })).toMatchObject({
      expected_total: 22_900,
    });
    expect(buildPayload({ ...base, typeDelivery: 1 })).not.toHaveProperty('expected_total');
  });

  it('sends each line with its note, and a delivery’s tip (never a pickup’s)', () => {
    const cart = [line, { ...line, _id: 'x2', note: 'Sin cebolla' }];
    const delivery = buildPayload({ ...base, cart, typeDelivery: 2, tip: 5000 });
    expect(delivery.detail.map((item) => (item as { note?: string }).note)).toEqual([
      undefined,
      'Sin cebolla',
    ]);
    expect(delivery).toMatchObject({ tip: 5000 });
    expect(buildPayload({ ...base, typeDelivery: 1, tip: 5000 })).not.toHaveProperty('tip');
    expect(buildPayload({ ...base, typeDelivery: 2, tip: 0 })).not.toHaveProperty('tip');
  });

  it('copies the cart lines instead of sending the store objects', () => {
    const payload = buildPayload({ ...base, typeDelivery: 1 });
    expect(payload.detail[0]).toEqual(line);
    expect(payload.detail[0]).not.toBe(line);
  });
});

describe('placeErrors', () => {
  it('puts each refusal where its part of the screen is, and the rest next to Continuar', () => {
    expect(
      placeErrors({
        payment: [CHECKOUT_MESSAGES.paymentRequired],
        address: ['a'],
        address_id: ['a', 'b'],
        branch_office: ['c'],
        detail: ['d'],
        coupon_code: [CHECKOUT_MESSAGES.couponUsed],
        pay_with: [CHECKOUT_MESSAGES.payWithNotCash],
        form: ['e'],
        _: ['f'],
        total: [CHECKOUT_MESSAGES.totalChanged(22_900)],
      }),
    ).toEqual({
      payment: [CHECKOUT_MESSAGES.paymentRequired],
      payWith: [CHECKOUT_MESSAGES.payWithNotCash],
      address: ['a', 'b'],
      branch: ['c'],
      detail: ['d'],
      coupon: [CHECKOUT_MESSAGES.couponUsed],
      general: ['e', 'f', CHECKOUT_MESSAGES.totalChanged(22_900)],
    });
  });
});

describe('isConfirmCartAnswer', () => {
  it('accepts the two answers of the contract and nothing else', () => {
    expect(isConfirmCartAnswer({ status: true, client_order_id: 'x', order: { id: 1 } })).toBe(
      true,
    );
    expect(
      isConfirmCartAnswer({ status: false, client_order_id: null, errors: { _: ['x'] } }),
    ).toBe(true);
    expect(isConfirmCartAnswer({ status: true })).toBe(false);
    expect(isConfirmCartAnswer({ status: 'ok', errors: {} })).toBe(false);
    expect(isConfirmCartAnswer(null)).toBe(false);
  });
});

describe('endsAttempt', () => {
  it('ends the attempt on an order or a refusal of the order, not on "could not save, try again"', () => {
    const placed = { status: true, client_order_id: 'order-0001', order: { id: 41 } } as Parameters<
      typeof endsAttempt
    >[0];
    expect(endsAttempt(placed)).toBe(true);
    expect(
      endsAttempt({
        status: false,
        client_order_id: 'order-0001',
        errors: { payment: [CHECKOUT_MESSAGES.paymentUnknown] },
      }),
    ).toBe(true);
    expect(
      endsAttempt({
        status: false,
        client_order_id: 'order-0001',
        errors: { _: [CHECKOUT_MESSAGES.busy] },
      }),
    ).toBe(false);
  });
});

describe('pending order', () => {
  const payload = buildPayload({
    clientOrderId: 'pending-0001',
    branch,
    payment: null,
    observation: '',
    cart: [line],
    delivery: 2,
    user: null,
    typeDelivery: 1,
    addressId: null,
  });

  it('is kept for its owner only, until cleared', () => {
    const storage = memoryStorage();
    savePendingOrder(storage, { owner: 'a@e.co', payload });
    expect(readPendingOrder(storage, 'a@e.co')?.payload.client_order_id).toBe('pending-0001');
    expect(readPendingOrder(storage, 'b@e.co')).toBeNull();
    expect(readPendingOrder(storage, undefined)).toBeNull();
    clearPendingOrder(storage);
    expect(readPendingOrder(storage, 'a@e.co')).toBeNull();
  });

  it('ignores what is not a pending order (hand-edited, another release)', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_ORDER_KEY, '{not json');
    expect(readPendingOrder(storage, 'a@e.co')).toBeNull();
    storage.setItem(
      PENDING_ORDER_KEY,
      JSON.stringify({ owner: 'a@e.co', payload: { client_order_id: 'bad id!' } }),
    );
    expect(readPendingOrder(storage, 'a@e.co')).toBeNull();
  });
});

describe('coverageProblem', () => {
  it('says nothing when the branch reaches the neighbourhood, accents and case aside', () => {
    expect(coverageProblem(branch, { neighbourhood: 'ciudad salitre' })).toBeNull();
    expect(coverageProblem(branch, { neighbourhood: ' Capellania ' })).toBeNull();
  });

  it("uses the server's words when it does not, or when the branch has no delivery", () => {
    expect(coverageProblem(branch, { neighbourhood: 'La Campiña' })).toBe(
      CHECKOUT_MESSAGES.addressNotCovered('Terminal 24h', 'La Campiña'),
    );
    expect(
      coverageProblem(
        { ...branch, delivery: { available: false, neighbourhoods: [], zones: [] } },
        { neighbourhood: 'x' },
      ),
    ).toBe(CHECKOUT_MESSAGES.noDelivery('Terminal 24h'));
  });
});

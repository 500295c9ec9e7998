import type { Courier, Trip } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import {
  changeable,
  courierOffered,
  courierStateText,
  couriersOnShift,
  dispatchable,
  firstName,
  moved,
  tripsByOrder,
} from './dispatch';
import { boardOrder } from './test-orders';

const AT = '2026-12-02T01:12:00.000Z'; // 20:12 in Bogotá

function trip(
  id: number,
  status: Trip['status'],
  orderIds: number[],
  extra: Partial<Trip> = {},
): Trip {
  return {
    id,
    branch: { id: 1, title: 'Campiña', address: '', city: 'Medellín' },
    courier: { id: 10 + id, name: 'Andrés Gómez' },
    status,
    stops: orderIds.map((order_id, index) => ({
      order_id,
      position: index + 1,
      status: 'ready',
      customer_name: 'Ana',
      customer_phone: '3000000000',
      address: 'Calle 1',
      neighbourhood: null,
      address_notes: null,
      total: 10_000,
      tip: 0,
      payment: 'Efectivo',
      payment_status: null,
      collect: 10_000,
      pay_with: null,
      change: null,
      outcome: null,
      fail_reason: null,
      arrives_at: null,
    })),
    created_at: AT,
    departed_at: null,
    finished_at: null,
    returns_at: null,
    ...extra,
  };
}

function courier(id: number, state: Courier['state'], extra: Partial<Courier> = {}): Courier {
  return {
    id,
    name: `Domiciliario ${id}`,
    phone: '3000000000',
    on_shift: state !== 'off_shift',
    state,
    waiting_since: null,
    trip: null,
    shift_id: state === 'off_shift' ? null : id,
    ...extra,
  };
}

describe('dispatchable', () => {
  const branch = { dispatch_from_preparing: false };
  it('offers delivery orders that are ready, and in preparation only when the branch says so', () => {
    expect(dispatchable(boardOrder(1, 'ready', AT, { type_delivery: 2 }), branch)).toBe(true);
    expect(dispatchable(boardOrder(2, 'ready', AT), branch)).toBe(false);
    expect(dispatchable(boardOrder(3, 'preparing', AT, { type_delivery: 2 }), branch)).toBe(false);
    expect(
      dispatchable(boardOrder(3, 'preparing', AT, { type_delivery: 2 }), {
        dispatch_from_preparing: true,
      }),
    ).toBe(true);
    expect(dispatchable(boardOrder(4, 'on_the_way', AT, { type_delivery: 2 }), branch)).toBe(false);
  });
});

describe('couriers', () => {
  it('offers the available ones first, the longest waiting on top, and leaves out those off shift', () => {
    const list = couriersOnShift([
      courier(1, 'out'),
      courier(2, 'available', { waiting_since: '2026-12-02T01:20:00.000Z' }),
      courier(3, 'off_shift'),
      courier(4, 'available', { waiting_since: AT }),
      courier(5, 'assigned'),
    ]);
    expect(list.map((one) => one.id)).toEqual([4, 2, 5, 1]);
  });

  it('says where each stands in words', () => {
    expect(courierStateText(courier(1, 'available', { waiting_since: AT }))).toBe(
      'Disponible · desde 20:12',
    );
    expect(courierStateText(courier(2, 'assigned', { trip: trip(1, 'assigned', [7]) }))).toBe(
      'Asignado · 1 pedido',
    );
    const out = trip(2, 'out', [8, 9], { returns_at: '2026-12-02T01:40:00.000Z' });
    expect(courierStateText(courier(3, 'out', { trip: out }))).toBe(
      'En ruta · 2 pedidos · vuelve ~20:40',
    );
  });

  it('finds the trip each order goes in, and which trips may still change', () => {
    const waiting = trip(1, 'assigned', [7, 8]);
    const gone = trip(2, 'out', [9]);
    const trips = tripsByOrder([
      courier(1, 'assigned', { trip: waiting }),
      courier(2, 'out', { trip: gone }),
      courier(3, 'available'),
    ]);
    expect(trips.get(8)).toBe(waiting);
    expect(changeable(trips.get(8))).toBe(true);
    expect(changeable(trips.get(9))).toBe(false);
    expect(trips.has(10)).toBe(false);
  });

  it('offers for a trip every courier but those out; changing a trip, not one with a trip of their own', () => {
    const waiting = trip(1, 'assigned', [7]);
    const mine = courier(11, 'assigned', { trip: waiting });
    const busy = courier(2, 'assigned', { trip: trip(2, 'assigned', [8]) });
    const free = courier(3, 'available');
    const out = courier(4, 'out', { trip: trip(3, 'out', [9]) });
    expect([mine, busy, free, out].map((one) => courierOffered(one, null))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([mine, busy, free, out].map((one) => courierOffered(one, waiting))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('names a courier by the first name', () => {
    expect(firstName('Luisa Fernanda Ortiz')).toBe('Luisa');
  });
});

describe('moved', () => {
  it('moves one place up or down and leaves the ends alone', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

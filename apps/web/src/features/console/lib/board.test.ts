import { describe, expect, it } from 'vitest';
import {
  allDay,
  boardTitle,
  elapsedText,
  groupBoard,
  lateness,
  minutesSince,
  unanswered,
  withOrder,
  withOrderRestored,
} from './board';
import type { PlacedOrder } from '@comanda/shared';
import { boardOrder } from './test-orders';

const at = (hhmm: string) => `2026-11-23T${hhmm}:00.000Z`;

describe('allDay', () => {
  const line = (product_id: number, title: string, quantity: number) =>
    ({ product_id, title, quantity }) as PlacedOrder['detail'][number];
  it('counts the food of accepted orders not ready yet, not of orders nobody has accepted', () => {
    const orders = [
      boardOrder(1, 'received', at('12:00'), { detail: [line(7, 'Picada', 5)] }),
      boardOrder(2, 'accepted', at('12:01'), { detail: [line(7, 'Picada', 2)] }),
      boardOrder(3, 'preparing', at('12:02'), {
        detail: [line(7, 'Picada', 1), line(9, 'Limonada', 3)],
      }),
      boardOrder(4, 'ready', at('12:03'), { detail: [line(9, 'Limonada', 4)] }),
    ];
    // As many of each: by name.
    expect(allDay(orders)).toEqual([
      { product_id: 9, title: 'Limonada', quantity: 3 },
      { product_id: 7, title: 'Picada', quantity: 3 },
    ]);
  });
});

describe('groupBoard', () => {
  it('puts each open order in its column, oldest first, accepted and preparing together', () => {
    const orders = [
      boardOrder(5, 'received', at('12:05')),
      boardOrder(2, 'received', at('12:01')),
      boardOrder(3, 'preparing', at('12:02')),
      boardOrder(1, 'accepted', at('12:00')),
      boardOrder(4, 'ready', at('12:03')),
      boardOrder(6, 'on_the_way', at('11:50')),
      boardOrder(7, 'delivered', at('11:40')),
    ];
    const columns = groupBoard(orders);
    expect(columns.new.map((o) => o.id)).toEqual([2, 5]);
    expect(columns.preparing.map((o) => o.id)).toEqual([1, 3]);
    expect(columns.ready.map((o) => o.id)).toEqual([4]);
    expect(columns.on_the_way.map((o) => o.id)).toEqual([6]);
  });
});

describe('minutesSince and elapsedText', () => {
  const now = new Date(at('13:10'));
  it('counts whole minutes, never below zero', () => {
    expect(minutesSince(at('13:10'), now)).toBe(0);
    expect(minutesSince('2026-11-23T13:07:59.000Z', now)).toBe(2);
    expect(minutesSince(at('13:12'), now)).toBe(0);
    expect(minutesSince(at('12:00'), now)).toBe(70);
  });
  it('reads short on a card', () => {
    expect(elapsedText(0)).toBe('Ahora');
    expect(elapsedText(7)).toBe('7 min');
    expect(elapsedText(65)).toBe('1 h 05 min');
  });
});

describe('lateness', () => {
  const now = new Date(at('13:10'));
  it('marks an order unanswered for three minutes', () => {
    expect(lateness(boardOrder(1, 'received', '2026-11-23T13:07:30.000Z'), now)).toBeNull();
    expect(lateness(boardOrder(1, 'received', at('13:07')), now)).toBe('unanswered');
  });
  it('marks an order still in the kitchen after its promised time, and no other', () => {
    expect(
      lateness(boardOrder(1, 'preparing', at('12:00'), { promised_at: at('13:09') }), now),
    ).toBe('past_promise');
    expect(
      lateness(boardOrder(1, 'accepted', at('12:00'), { promised_at: at('13:20') }), now),
    ).toBeNull();
    expect(
      lateness(boardOrder(1, 'ready', at('12:00'), { promised_at: at('12:30') }), now),
    ).toBeNull();
  });
});

describe('boardTitle', () => {
  it('counts the orders waiting for an answer', () => {
    const orders = [
      boardOrder(1, 'received', at('12:00')),
      boardOrder(2, 'received', at('12:01')),
      boardOrder(3, 'accepted', at('12:02')),
    ];
    expect(boardTitle(unanswered(orders).length, 'Campiña')).toBe('(2) Panel · Campiña');
    expect(boardTitle(0, 'Campiña')).toBe('Panel · Campiña');
  });
});

describe('withOrder', () => {
  const first = boardOrder(1, 'received', at('12:00'));
  it('adds a new order in its place by age and replaces a changed one', () => {
    const board = [boardOrder(2, 'received', at('12:05'))];
    expect(withOrder(board, first).map((o) => o.id)).toEqual([1, 2]);
    const accepted = {
      ...first,
      status: 'accepted' as const,
      history: [
        ...first.history,
        { status: 'accepted' as const, status_text: 'Aceptado', at: at('12:06') },
      ],
    };
    expect(withOrder([first], accepted)).toEqual([accepted]);
  });
  it('drops an order that is no longer open', () => {
    expect(
      withOrder([first], {
        ...first,
        status: 'rejected',
        history: [
          ...first.history,
          { status: 'rejected', status_text: 'Rechazado', at: at('12:01') },
        ],
      }),
    ).toEqual([]);
  });
  it('never lets an older copy replace a newer one', () => {
    const accepted = {
      ...first,
      status: 'accepted' as const,
      history: [
        ...first.history,
        { status: 'accepted' as const, status_text: 'Aceptado', at: at('12:06') },
      ],
    };
    expect(withOrder([accepted], first)).toEqual([accepted]);
  });
});

describe('withOrderRestored', () => {
  it('puts an order back as it was, over its optimistic copy, and keeps the orders that came meanwhile', () => {
    const received = boardOrder(1, 'received', at('12:00'));
    const optimistic = {
      ...received,
      status: 'accepted' as const,
      history: [
        ...received.history,
        { status: 'accepted' as const, status_text: 'Aceptado', at: at('12:06') },
      ],
    };
    const arrived = boardOrder(2, 'received', at('12:07'));
    expect(withOrderRestored([optimistic, arrived], received)).toEqual([received, arrived]);
  });
  it('brings back an order an optimistic rejection took off the board', () => {
    const received = boardOrder(1, 'received', at('12:00'));
    expect(withOrderRestored([], received)).toEqual([received]);
  });
});

import { describe, expect, it } from 'vitest';
import { firingSoon, laterDays, scheduledLabel, splitScheduled } from './scheduled';
import { boardOrder } from './test-orders';

// Bogotá is UTC−5 all year: 17:00Z is noon there.
const now = new Date('2026-12-04T17:00:00Z'); // Friday 4 December, 12:00 in Bogotá
const scheduled = (id: number, due: string, status: 'received' | 'accepted' = 'received') =>
  boardOrder(id, status, '2026-12-04T16:00:00Z', {
    scheduled_for: due,
    // Fires 30 minutes before it is due.
    fire_at: new Date(Date.parse(due) - 30 * 60_000).toISOString(),
  });

describe('scheduledLabel', () => {
  it('names the day unless it is today, on the chain’s clock', () => {
    expect(scheduledLabel(scheduled(1, '2026-12-05T01:00:00Z'), now)).toBe('PROGRAMADO 20:00');
    expect(scheduledLabel(scheduled(2, '2026-12-05T05:30:00Z'), now)).toBe(
      'PROGRAMADO MAÑANA 00:30',
    );
    expect(scheduledLabel(scheduled(3, '2026-12-07T18:15:00Z'), now)).toBe(
      'PROGRAMADO EL LUNES 7 13:15',
    );
    expect(scheduledLabel(boardOrder(4, 'received', '2026-12-04T16:00:00Z'), now)).toBeNull();
  });
});

describe('splitScheduled', () => {
  it('keeps an unanswered scheduled order in Programados until its fire time', () => {
    const waiting = scheduled(1, '2026-12-04T18:00:00Z'); // fires 12:30
    const due = scheduled(2, '2026-12-04T17:15:00Z'); // fired 11:45
    const lanes = splitScheduled([waiting, due], now);
    expect(lanes.scheduled.map((o) => o.id)).toEqual([1]);
    expect(lanes.board.map((o) => o.id)).toEqual([2]);
  });

  it('keeps one accepted ahead there too, and lets it onto the board (En preparación) when it fires', () => {
    const ahead = scheduled(1, '2026-12-04T18:00:00Z', 'accepted');
    const started = scheduled(2, '2026-12-04T17:15:00Z', 'accepted');
    const cooking = { ...scheduled(3, '2026-12-04T18:00:00Z'), status: 'preparing' as const };
    const lanes = splitScheduled([ahead, started, cooking], now);
    expect(lanes.scheduled.map((o) => o.id)).toEqual([1]);
    expect(lanes.board.map((o) => o.id)).toEqual([2, 3]);
  });
});

describe('firingSoon', () => {
  it('names only the orders reaching the kitchen within 30 minutes, the boundary included', () => {
    const inTwenty = scheduled(1, '2026-12-04T17:50:00Z'); // fires 12:20
    const inThirty = scheduled(2, '2026-12-04T18:00:00Z'); // fires 12:30
    const inThirtyOne = scheduled(3, '2026-12-04T18:01:00Z'); // fires 12:31
    const tomorrow = scheduled(4, '2026-12-05T18:00:00Z');
    expect(firingSoon([inTwenty, inThirty, inThirtyOne, tomorrow], now).map((o) => o.id)).toEqual([
      1, 2,
    ]);
  });
});

describe('laterDays', () => {
  it('groups the orders due after today by chain day, soonest first', () => {
    const orders = [
      scheduled(1, '2026-12-06T15:00:00Z'),
      scheduled(2, '2026-12-05T04:45:00Z'), // 23:45 today in Bogotá: not a later day
      scheduled(3, '2026-12-05T05:15:00Z'), // 00:15 tomorrow
      scheduled(4, '2026-12-05T20:00:00Z'),
      boardOrder(5, 'received', '2026-12-04T16:00:00Z'),
      scheduled(6, '2026-12-06T14:00:00Z', 'accepted'),
    ];
    expect(
      laterDays(orders, now).map(({ day, orders: list }) => [day, list.map((o) => o.id)]),
    ).toEqual([
      ['2026-12-05', [3, 4]],
      ['2026-12-06', [6, 1]],
    ]);
  });
});

import { chainClock, type LiveBranch } from '@comanda/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ATTENTION_FIRST,
  coalesce,
  needsCall,
  nextLiveSort,
  sortLive,
  stateText,
  waitedMinutes,
  waitedText,
} from './live-now';

const AT = '2026-12-02T18:30:00.000Z';
const minutesBefore = (minutes: number) =>
  new Date(Date.parse(AT) - minutes * 60_000).toISOString();

const branch = (name: string, overrides: Partial<LiveBranch> = {}): LiveBranch => ({
  branch_id: name.length,
  name,
  state: 'open',
  paused_until: null,
  rush_minutes: 0,
  waiting: 0,
  late: 0,
  oldest_waiting_at: null,
  couriers_out: 0,
  today: { orders: 0, sales: 0 },
  ...overrides,
});

describe('how long the oldest order has waited', () => {
  it("counts whole minutes against the answer's own time, never below zero", () => {
    expect(waitedMinutes({ oldest_waiting_at: null }, AT)).toBeNull();
    expect(waitedMinutes({ oldest_waiting_at: minutesBefore(4.9) }, AT)).toBe(4);
    // A server a few seconds ahead of the order's clock: not "-1 min".
    expect(waitedMinutes({ oldest_waiting_at: minutesBefore(-0.2) }, AT)).toBe(0);
  });

  it('says it as "hace N min", hours with two-digit minutes, a dash when nothing waits', () => {
    expect(waitedText(null)).toBe('—');
    expect(waitedText(0)).toBe('ahora');
    expect(waitedText(7)).toBe('hace 7 min');
    expect(waitedText(65)).toBe('hace 1 h 05 min');
  });
});

describe('the state badge', () => {
  it('reads Abierta, Cerrada, or En pausa with its end on the chain clock', () => {
    expect(stateText({ state: 'open', paused_until: null })).toBe('Abierta');
    expect(stateText({ state: 'closed', paused_until: null })).toBe('Cerrada');
    expect(stateText({ state: 'paused', paused_until: null })).toBe('En pausa hasta reabrir');
    const until = '2026-12-02T19:15:00.000Z';
    expect(chainClock(new Date(until))).toBe('14:15');
    expect(stateText({ state: 'paused', paused_until: until })).toBe('En pausa hasta 14:15');
  });
});

describe('which branches to phone first', () => {
  it('calls a branch with a late order or an order unanswered for 3 minutes, not one just placed', () => {
    expect(needsCall(branch('A', { late: 1 }), AT)).toBe(true);
    expect(needsCall(branch('B', { waiting: 1, oldest_waiting_at: minutesBefore(3) }), AT)).toBe(
      true,
    );
    expect(needsCall(branch('C', { waiting: 1, oldest_waiting_at: minutesBefore(2) }), AT)).toBe(
      false,
    );
    expect(needsCall(branch('D', { today: { orders: 9, sales: 90_000 } }), AT)).toBe(false);
  });

  it('puts those to call first (most late, then the longest wait), the quiet ones by name', () => {
    const rows = [
      branch('Usaquén'),
      branch('Chapinero', { waiting: 1, oldest_waiting_at: minutesBefore(1) }),
      branch('Campiña', { waiting: 2, oldest_waiting_at: minutesBefore(12) }),
      branch('Cedritos', { late: 1 }),
      branch('Andino', { late: 3 }),
      branch('Calle 85', { state: 'paused' }),
      branch('Bosa'),
    ];
    expect(sortLive(rows, ATTENTION_FIRST, AT).map((b) => b.name)).toEqual([
      'Andino',
      'Cedritos',
      'Campiña',
      'Chapinero',
      'Calle 85',
      'Bosa',
      'Usaquén',
    ]);
  });

  it('sorts by any column both ways, ties by name; a new column starts with the most first', () => {
    const rows = [
      branch('Bosa', { today: { orders: 2, sales: 30_000 } }),
      branch('Andino', { today: { orders: 1, sales: 50_000 } }),
      branch('Campiña', { today: { orders: 4, sales: 30_000 } }),
    ];
    const bySales = nextLiveSort(ATTENTION_FIRST, 'sales');
    expect(bySales).toEqual({ key: 'sales', direction: 'descending' });
    expect(sortLive(rows, bySales, AT).map((b) => b.name)).toEqual(['Andino', 'Campiña', 'Bosa']);
    const fewest = nextLiveSort(bySales, 'sales');
    expect(fewest.direction).toBe('ascending');
    expect(sortLive(rows, fewest, AT).map((b) => b.name)).toEqual(['Bosa', 'Campiña', 'Andino']);
    const byName = nextLiveSort(fewest, 'name');
    expect(byName).toEqual({ key: 'name', direction: 'ascending' });
    expect(sortLive(rows, byName, AT).map((b) => b.name)).toEqual(['Andino', 'Bosa', 'Campiña']);
  });
});

describe('reading again after events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('joins a burst of events into one read, at most the wait after the first', () => {
    vi.useFakeTimers();
    const read = vi.fn();
    const reads = coalesce(read, 2000);
    reads.hint();
    vi.advanceTimersByTime(1500);
    reads.hint();
    reads.hint();
    expect(read).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(read).toHaveBeenCalledTimes(1);
    // A later event starts a new wait.
    reads.hint();
    vi.advanceTimersByTime(2000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads nothing once cancelled (the screen left)', () => {
    vi.useFakeTimers();
    const read = vi.fn();
    const reads = coalesce(read, 2000);
    reads.hint();
    reads.cancel();
    vi.advanceTimersByTime(5000);
    expect(read).not.toHaveBeenCalled();
  });
});

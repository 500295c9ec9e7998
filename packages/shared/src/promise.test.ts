import { describe, expect, it } from 'vitest';
import { queueMinutes, queueReadyAfter, queueStartOf, type OpenWorkRow } from './promise';

const at = new Date('2026-11-29T12:00:00Z');
const branch = { prep_minutes: 20 };
const minutesFromNow = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
let nextId = 1;
const received = (quantity = 3): OpenWorkRow => ({
  id: nextId++,
  status: 'received',
  quantity,
  accepted_at: null,
  promised_at: null,
  fire_at: null,
});

describe('the promise from the queue', () => {
  it('gives an empty kitchen its usual minutes for a typical order', () => {
    expect(queueStartOf([], branch, at)).toBe(0);
    expect(queueMinutes([], branch, at, { units: 3 })).toBe(20);
  });

  it('starts a new order at once while a station is free, and waits once all ten are taken', () => {
    const nine = Array.from({ length: 9 }, () => received());
    expect(queueMinutes(nine, branch, at, { units: 3 })).toBe(20);
    const ten = [...nine, received()];
    expect(queueStartOf(ten, branch, at)).toBe(20);
    expect(queueMinutes(ten, branch, at, { units: 3 })).toBe(40);
  });

  it('counts an accepted order for what is left of its promise, and leaves out the one asked about', () => {
    const cooking: OpenWorkRow[] = Array.from({ length: 10 }, () => ({
      ...received(),
      status: 'accepted',
      accepted_at: at,
      promised_at: minutesFromNow(5),
    }));
    expect(queueStartOf(cooking, branch, at)).toBe(5);
    const [first] = cooking;
    expect(queueStartOf(cooking, branch, at, { except: first!.id })).toBe(0);
  });

  it('ignores a scheduled order that fires after the usual minutes', () => {
    const later = { ...received(), fire_at: minutesFromNow(45) };
    const rows = [...Array.from({ length: 9 }, () => received()), later];
    expect(queueStartOf(rows, branch, at)).toBe(0);
  });

  it('shares one start between orders of any size: the minutes are the start plus the order’s own', () => {
    const ten = Array.from({ length: 10 }, () => received());
    const start = queueStartOf(ten, branch, at);
    for (const units of [1, 3, 8])
      expect(queueReadyAfter(start, branch, units)).toBe(queueMinutes(ten, branch, at, { units }));
    expect(queueReadyAfter(start, branch, 8)).toBe(20 + 14 + 16);
  });
});

import { describeScheduled } from '@comanda/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextDayToTry, scheduledChoice } from './scheduled-choice';

afterEach(() => vi.useRealTimers());

describe('scheduledChoice', () => {
  it('keeps the branch, the slot and its words as said now', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T20:00:00Z') });
    const slot = '2026-11-29T16:30:00.000Z';
    const choice = scheduledChoice(3, slot);
    expect(choice).toEqual({
      branchId: 3,
      slot,
      label: describeScheduled(new Date(slot), new Date()),
    });
    expect(choice?.label).toContain('mañana');
  });

  it('is none for as soon as possible or without a branch', () => {
    expect(scheduledChoice(3, null)).toBeNull();
    expect(scheduledChoice(undefined, '2026-11-29T16:30:00.000Z')).toBeNull();
  });
});

describe('nextDayToTry', () => {
  const days = ['2026-11-28', '2026-11-29', '2026-11-30'];
  it('moves on from a day without a free slot (closed, or full) to the next', () => {
    expect(nextDayToTry(days, '2026-11-28', [])).toBe('2026-11-29');
    expect(nextDayToTry(days, '2026-11-29', [{ available: false }])).toBe('2026-11-30');
  });

  it('stays on a day with a free slot, and on the last day there is', () => {
    expect(
      nextDayToTry(days, '2026-11-28', [{ available: false }, { available: true }]),
    ).toBeNull();
    expect(nextDayToTry(days, '2026-11-30', [])).toBeNull();
  });
});

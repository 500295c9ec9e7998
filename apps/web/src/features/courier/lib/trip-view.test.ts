import { describe, expect, it } from 'vitest';
import { alreadyDone, isCourierAction } from './courier-action';
import { testCurrent, testStop, testTrip } from './test-trip';
import { shiftOn, tripView } from './trip-view';

const AT = '2026-12-02T20:41:00.000Z';

describe('the trip as the courier sees it', () => {
  it('shows what was tapped without a signal as done, waiting to be sent', () => {
    const view = tripView(testCurrent(), [
      { action: { kind: 'depart', trip_id: 7 }, at: AT },
      { action: { kind: 'failed', order_id: 102, reason: 'no_answer' }, at: AT },
    ]);
    expect(view?.status).toBe('out');
    expect(view?.departHeldAt).toBe(AT);
    expect(view?.stops.map((stop) => [stop.status, stop.outcome, stop.heldAt])).toEqual([
      ['on_the_way', null, null],
      ['on_the_way', 'failed', AT],
    ]);
    expect(tripView(testCurrent(null), [])).toBeNull();
  });

  it('counts a held shift change', () => {
    expect(shiftOn(testCurrent(null, false), [])).toBe(false);
    expect(
      shiftOn(testCurrent(null, false), [{ action: { kind: 'shift', on: true }, at: AT }]),
    ).toBe(true);
    expect(
      shiftOn(testCurrent(null, true), [{ action: { kind: 'shift', on: false }, at: AT }]),
    ).toBe(false);
  });

  it('treats a refusal as done when the state already is what the action asked for', () => {
    const out = testCurrent(testTrip({ status: 'out' }));
    expect(alreadyDone({ kind: 'depart', trip_id: 7 }, out)).toBe(true);
    expect(alreadyDone({ kind: 'depart', trip_id: 7 }, testCurrent())).toBe(false);
    const delivered = testCurrent(
      testTrip({ status: 'out', stops: [testStop({ outcome: 'delivered' })] }),
    );
    expect(alreadyDone({ kind: 'delivered', order_id: 101 }, delivered)).toBe(true);
    expect(alreadyDone({ kind: 'delivered', order_id: 101 }, out)).toBe(false);
    expect(alreadyDone({ kind: 'failed', order_id: 999, reason: 'refused' }, out)).toBe(true);
    expect(alreadyDone({ kind: 'shift', on: true }, out)).toBe(true);
    expect(alreadyDone({ kind: 'shift', on: false }, out)).toBe(false);
  });

  it('reads back only well-formed held actions', () => {
    expect(isCourierAction({ kind: 'failed', order_id: 3, reason: 'refused' })).toBe(true);
    expect(isCourierAction({ kind: 'failed', order_id: 3, reason: 'lluvia' })).toBe(false);
    expect(isCourierAction({ kind: 'shift', on: true, branch_id: 3 })).toBe(true);
    expect(isCourierAction({ kind: 'depart', trip_id: -1 })).toBe(false);
    expect(isCourierAction(null)).toBe(false);
  });
});

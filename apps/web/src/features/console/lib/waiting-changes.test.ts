import { describe, expect, it } from 'vitest';
import type { StatusChange } from '../api/change-order-status';
import { boardOrder } from './test-orders';
import {
  keepCountdown,
  keepUnsent,
  restoreWaiting,
  settled,
  waitingChanges,
} from './waiting-changes';

const UNDO = 5000;
const tap = Date.parse('2026-12-03T20:00:00.000Z');

function deviceStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const accept = (id: number): StatusChange => ({
  order: boardOrder(id, 'received', '2026-12-03T19:58:00.000Z'),
  to: 'accepted',
  prep_minutes: 20,
});

describe('the board changes kept on the device', () => {
  it('finds a batch inside its window counting down what is left of it', () => {
    const store = waitingChanges(1, deviceStorage());
    keepCountdown(store, { changes: [accept(1), accept(2)], endsAt: tap + UNDO }, UNDO);
    const found = restoreWaiting(store, tap + 3000, UNDO);
    expect(found.deferred?.changes.map((change) => change.order.id)).toEqual([1, 2]);
    expect(found.deferred?.endsAt).toBe(tap + UNDO);
    expect(found.unsent).toEqual([]);
  });

  it('sends a batch whose window ended while the page was away, once, as the outbox', () => {
    const storage = deviceStorage();
    const store = waitingChanges(1, storage);
    keepCountdown(store, { changes: [accept(1), accept(2)], endsAt: tap + UNDO }, UNDO);
    const found = restoreWaiting(store, tap + UNDO + 1, UNDO);
    expect(found.deferred).toBeNull();
    expect(found.unsent.map((held) => held.action.order.id)).toEqual([1, 2]);
    // A second reload finds the same two, not four; once answered, none.
    expect(restoreWaiting(waitingChanges(1, storage), tap + UNDO + 2, UNDO).unsent).toHaveLength(2);
    settled(store, 1);
    settled(store, 2);
    expect(restoreWaiting(store, tap + UNDO + 3, UNDO).unsent).toEqual([]);
  });

  it('keeps one change per order in the outbox, and one branch apart from another', () => {
    const storage = deviceStorage();
    const store = waitingChanges(1, storage);
    keepUnsent(store, accept(1), 'a');
    keepUnsent(store, { ...accept(1), to: 'rejected', reason: 'Cerrado' }, 'b');
    expect(store.outbox.read()).toEqual([
      { action: { ...accept(1), to: 'rejected', reason: 'Cerrado' }, at: 'b' },
    ]);
    expect(waitingChanges(2, storage).outbox.read()).toEqual([]);
  });

  it('trusts nothing malformed on the device', () => {
    const storage = deviceStorage();
    storage.setItem(
      'comanda:panel:outbox:1',
      JSON.stringify([
        { action: { order: { id: 'x' }, to: 'accepted' }, at: 'a' },
        { action: { ...accept(3), to: 'volando' }, at: 'b' },
        { action: accept(4), at: 'c' },
      ]),
    );
    expect(
      waitingChanges(1, storage)
        .outbox.read()
        .map((held) => held.action.order.id),
    ).toEqual([4]);
  });
});

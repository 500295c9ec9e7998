import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { heldActions, sendHeld } from './held-actions';

const isText = (value: unknown): value is string => typeof value === 'string';
const KEY = 'test:held';
const data = new Map<string, string>();
const storage = {
  getItem: (key: string) => data.get(key) ?? null,
  setItem: (key: string, value: string) => void data.set(key, value),
  removeItem: (key: string) => void data.delete(key),
};

describe('held actions', () => {
  beforeEach(() => data.clear());

  it('keeps what was held on the device, oldest first, and trusts nothing malformed', () => {
    const queue = heldActions(KEY, isText, storage);
    queue.hold('salí', '2026-12-02T20:40:00.000Z');
    queue.hold('entregado', '2026-12-02T20:50:00.000Z');
    expect(
      heldActions(KEY, isText, storage)
        .read()
        .map((held) => held.action),
    ).toEqual(['salí', 'entregado']);
    storage.setItem(
      KEY,
      JSON.stringify([{ action: 3, at: 'x' }, 'nada', { action: 'ok', at: 'y' }]),
    );
    expect(queue.read()).toEqual([{ action: 'ok', at: 'y' }]);
    storage.setItem(KEY, '{no es json');
    expect(queue.read()).toEqual([]);
  });

  it('sends each once in order, settles a refusal, and stops where the connection drops again', async () => {
    const queue = heldActions(KEY, isText, storage);
    for (const action of ['a', 'b', 'c', 'd']) queue.hold(action, 'at');
    const sent: string[] = [];
    const settled: string[] = [];
    const empty = await sendHeld(
      queue,
      async ({ action }) => {
        sent.push(action);
        if (action === 'b') throw new ApiError(409, 'Ese pedido no está en camino.');
        if (action === 'c') throw new ApiError(0, 'sin señal');
      },
      ({ action }) => void settled.push(action),
    );
    expect(empty).toBe(false);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(settled).toEqual(['b']);
    expect(queue.read().map((held) => held.action)).toEqual(['c', 'd']);

    expect(
      await sendHeld(
        queue,
        async () => undefined,
        () => undefined,
      ),
    ).toBe(true);
    expect(queue.read()).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('drops what it is told to, wherever it is in the queue', () => {
    const queue = heldActions(KEY, isText, storage);
    for (const action of ['a', 'b', 'c']) queue.hold(action, 'at');
    queue.drop((held) => held.action === 'b');
    expect(queue.read().map((held) => held.action)).toEqual(['a', 'c']);
    queue.drop(() => true);
    expect(storage.getItem(KEY)).toBeNull();
  });
});

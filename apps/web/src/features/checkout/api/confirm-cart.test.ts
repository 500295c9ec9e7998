import type { ConfirmCartPayload } from '@comanda/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for the app's socket: records emits and lets the test play the server.
const socket = vi.hoisted(() => {
  const events = new Map<string, Set<(payload: unknown) => void>>();
  const connects = new Set<() => void>();
  const state = { connected: true, emitted: [] as unknown[] };
  return {
    state,
    module: {
      emitNow: (_event: string, payload: unknown) => {
        if (!state.connected) return false;
        state.emitted.push(payload);
        return true;
      },
      onSocketEvent: (event: string, listener: (payload: unknown) => void) => {
        const set = events.get(event) ?? new Set();
        events.set(event, set);
        set.add(listener);
        return () => void set.delete(listener);
      },
      onSocketConnect: (listener: () => void) => {
        connects.add(listener);
        return () => void connects.delete(listener);
      },
    },
    serverSays: (payload: unknown) => {
      for (const listener of events.get('confirm-cart') ?? []) listener(payload);
    },
    reconnect: () => {
      state.connected = true;
      for (const listener of connects) listener();
    },
    listeners: () => (events.get('confirm-cart')?.size ?? 0) + connects.size,
  };
});
vi.mock('@/lib/socket', () => socket.module);

const { confirmCart, ConfirmCartTimeout } = await import('./confirm-cart');

const payload: ConfirmCartPayload = {
  client_order_id: 'order-0001',
  branch_office: { id: 3 },
  payment: { id: 1 },
  form: { observation: '' },
  detail: [{ id: 7, quantity: 1, modifier_group: [] }],
};
const placed = { status: true, client_order_id: 'order-0001', order: { id: 41 } };
/** confirmCart has loaded the socket module and listens for its answer and for reconnections. */
const listening = () => vi.waitFor(() => expect(socket.listeners()).toBe(2));

beforeEach(() => {
  socket.state.connected = true;
  socket.state.emitted = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('confirmCart', () => {
  it('emits once and resolves with the answer for its id, ignoring answers for other ids', async () => {
    const answer = confirmCart(payload);
    await listening();
    expect(socket.state.emitted).toEqual([payload]);
    socket.serverSays({ ...placed, client_order_id: 'someone-else' });
    socket.serverSays(placed);
    await expect(answer).resolves.toEqual(placed);
    expect(socket.listeners()).toBe(0);
  });

  it('re-emits the same payload, same id, once per reconnection while unanswered, and never after', async () => {
    const answer = confirmCart(payload);
    await listening();
    socket.state.connected = false; // the connection drops before the answer
    socket.reconnect();
    expect(socket.state.emitted).toEqual([payload, payload]);
    socket.serverSays(placed);
    await answer;
    socket.reconnect();
    expect(socket.state.emitted).toHaveLength(2);
  });

  it('waits for a connection when there is none, then sends once', async () => {
    socket.state.connected = false;
    const answer = confirmCart(payload);
    await listening();
    expect(socket.state.emitted).toEqual([]);
    socket.reconnect();
    expect(socket.state.emitted).toEqual([payload]);
    socket.serverSays({ status: false, client_order_id: null, errors: { _: ['ocupado'] } });
    await expect(answer).resolves.toMatchObject({ status: false });
  });

  it('gives up after the timeout, leaving nothing listening', async () => {
    vi.useFakeTimers();
    const answer = confirmCart(payload, 20_000);
    const failed = expect(answer).rejects.toBeInstanceOf(ConfirmCartTimeout);
    await vi.advanceTimersByTimeAsync(20_000);
    await failed;
    expect(socket.listeners()).toBe(0);
  });
});

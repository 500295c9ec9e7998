import { SOCKET_EVENTS, type ConfirmCartPayload } from '@comanda/shared';
import { describe, expect, it, vi } from 'vitest';
import type { Realtime } from './socket';

// A stand-in for socket.io-client's socket: the test plays the server's events on it and reads
// what the client emitted.
const fake = vi.hoisted(() => {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const anyHandlers: ((event: string, ...args: unknown[]) => void)[] = [];
  const emitted: unknown[][] = [];
  const socket = {
    connected: false,
    active: true,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    onAny(handler: (event: string, ...args: unknown[]) => void) {
      anyHandlers.push(handler);
      return socket;
    },
    connect: () => socket,
    disconnect: () => socket,
    emit(...args: unknown[]) {
      emitted.push(args);
      return socket;
    },
  };
  return {
    socket,
    emitted,
    serverSends(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      for (const handler of handlers.get(event) ?? []) handler(...args);
      if (event !== 'connect') for (const handler of anyHandlers) handler(event, ...args);
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const { createRealtime } = await import('./socket');

const order: ConfirmCartPayload = {
  client_order_id: 'order-0001',
  branch_office: { id: 3 },
  payment: null,
  detail: [{ id: 7, quantity: 1 }],
};

describe('the typed socket', () => {
  it("hands each listener its own event's payload, and emits only on a live connection", () => {
    const realtime = createRealtime({ anonymous: true });
    const soldOut: unknown[] = [];
    const stop = realtime.onEvent(SOCKET_EVENTS.availability, (event) => soldOut.push(event));
    realtime.start({
      getState: () => ({ access_token: null }),
      subscribe: () => undefined,
      expire: () => undefined,
    });
    expect(realtime.emitNow(SOCKET_EVENTS.confirmCart, order)).toBe(false);

    fake.serverSends('connect');
    const event = { branch_id: 1, product_id: 2, sold_out: true };
    fake.serverSends(SOCKET_EVENTS.availability, event);
    fake.serverSends(SOCKET_EVENTS.catalogChanged, {});
    expect(soldOut).toEqual([event]);
    stop();
    fake.serverSends(SOCKET_EVENTS.availability, event);
    expect(soldOut).toHaveLength(1);

    expect(realtime.emitNow(SOCKET_EVENTS.confirmCart, order)).toBe(true);
    expect(fake.emitted).toEqual([[SOCKET_EVENTS.confirmCart, order]]);
  });
});

// Compiled by `npm run typecheck` (apps/web/tsconfig.json includes src/), never run: each line
// marked @ts-expect-error must stay an error, or the type check fails. They prove that a listener
// for an event the contract does not list, a payload read as another shape, or an order of the
// wrong shape does not compile.
export function refusedByTheCompiler(realtime: Realtime) {
  const { availability, confirmCart, newOrder } = SOCKET_EVENTS;
  // What the contract describes compiles: the payload is the event's own.
  realtime.onEvent(availability, (event) => event.sold_out satisfies boolean);
  realtime.emitNow(confirmCart, order);
  // @ts-expect-error an event the contract does not list
  realtime.onEvent('availabilty', () => undefined);
  // @ts-expect-error a field the event does not carry
  realtime.onEvent(availability, (event) => event.order_id);
  // @ts-expect-error an order without its client_order_id
  realtime.emitNow(confirmCart, { ...order, client_order_id: undefined });
  // @ts-expect-error an event the client does not send
  realtime.emitNow(newOrder, order);
}

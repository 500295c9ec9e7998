import { SOCKET_EVENTS } from '@comanda/shared';
import { describe, expect, it, vi } from 'vitest';

// A stand-in for socket.io-client's socket: the test plays the server's events on it.
const fake = vi.hoisted(() => {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    connected: false,
    active: true,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    onAny: () => socket,
    connect: () => socket,
    disconnect: () => socket,
    emit: () => socket,
  };
  return {
    socket,
    serverSends(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const { createRealtime } = await import('./socket');

describe('a server that says events were missed (resync)', () => {
  it('makes whatever re-reads on a reconnection re-read, on the same connection', () => {
    const realtime = createRealtime({ anonymous: false });
    const rereads: unknown[] = [];
    realtime.onConnect((socket) => rereads.push(socket));
    realtime.start({
      getState: () => ({ access_token: 'token' }),
      subscribe: () => undefined,
      expire: () => undefined,
    });

    fake.serverSends('connect');
    expect(rereads).toHaveLength(1);
    fake.serverSends(SOCKET_EVENTS.resync, {});
    expect(rereads).toEqual([fake.socket, fake.socket]);
    expect(realtime.isLive()).toBe(true);
  });
});

import { SOCKET_EVENTS } from '@comanda/shared';
import type { Socket as NetSocket } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthedSocket } from '../../../src/plugins/socket';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { branchBySlug, collect, login } from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';

// Decision 098: what a connection is sent within one tick reaches the kernel in one write, not
// one per frame. The count is read where the frames leave: the TCP socket under the board's
// WebSocket, each call to the stream's write (one frame alone) or writev (frames held together).

let t: TestApp;
let campinaId: number;
let board: Socket;

beforeAll(async () => {
  t = await buildTestApp();
  const url = await listen(t.app);
  campinaId = (await branchBySlug(t.database, 'campina')).id;
  board = openSocket(url, await login(t.app, 'campina@comanda.test'));
  await connected(board);
});
afterAll(async () => {
  board.disconnect();
  await t.close();
});

/** The TCP socket under the server's side of `client`, once it runs on the WebSocket transport. */
async function serverTcpSocketOf(client: Socket): Promise<NetSocket> {
  while (client.io.engine.transport.name !== 'websocket') {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const socket = t.app.io.of('/').sockets.get(client.id ?? '') as AuthedSocket;
  const transport = socket.conn.transport as unknown as { socket: { _socket: NetSocket } };
  return transport.socket._socket;
}

/** How many writes `socket` hands the kernel while `send` runs and its frames drain. */
async function writesWhile(socket: NetSocket, heard: Promise<unknown>, send: () => void) {
  const stream = socket as unknown as Record<'_write' | '_writev', (...args: never[]) => void>;
  let writes = 0;
  const originals = { _write: stream._write, _writev: stream._writev };
  for (const name of ['_write', '_writev'] as const) {
    stream[name] = (...args: never[]) => {
      writes += 1;
      originals[name].apply(socket, args);
    };
  }
  try {
    send();
    await heard;
    return writes;
  } finally {
    Object.assign(stream, originals);
  }
}

describe('one write per tick', () => {
  it('40 events sent to the board in one tick reach it in two writes, whole and in order', async () => {
    const tcp = await serverTcpSocketOf(board);
    const events = Array.from({ length: 40 }, (_, i) => ({
      branch_id: campinaId,
      product_id: i + 1,
      sold_out: i % 2 === 0,
    }));
    const heard = collect<(typeof events)[number]>(board, SOCKET_EVENTS.availability);
    const writes = await writesWhile(tcp, heard, () => {
      for (const event of events) {
        t.app.realtime.toBranch(campinaId, SOCKET_EVENTS.availability, event);
      }
    });
    // The first frame goes at the end of the tick; the 39 that waited for its write go together.
    expect(writes).toBeLessThanOrEqual(2);
    expect(await heard).toEqual(events);
  });

  it('a frame sent alone is held only until the tick ends', async () => {
    const tcp = await serverTcpSocketOf(board);
    const event = { branch_id: campinaId, product_id: 1, sold_out: false };
    const heard = collect(board, SOCKET_EVENTS.availability, 100);
    t.app.realtime.toBranch(campinaId, SOCKET_EVENTS.availability, event);
    expect(tcp.writableLength).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(tcp.writableLength).toBe(0);
    expect(await heard).toEqual([event]);
  });
});

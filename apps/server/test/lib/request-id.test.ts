import type { IncomingMessage } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { requestIdsFor, safeRequestId } from '../../src/lib/request-id';
import { testClock } from '../helpers/clock';
import { openTestDatabase } from '../helpers/database';
import { captureLogLines } from '../helpers/log-lines';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
} from '../helpers/ordering';
import { connected, listen } from '../helpers/sockets';

const requestWith = (headers: Record<string, string>) => ({ headers }) as IncomingMessage;

describe('request ids', () => {
  it("takes a proxy's safe X-Request-Id only when a proxy is trusted, else makes its own", () => {
    const trusting = requestIdsFor(true).generate;
    for (const id of ['a1b2-c3d4.e5:f6', '7F000001:8296_7F00001E:1F90_4F7B0A69_0003:790A'])
      expect(trusting(requestWith({ 'x-request-id': id }))).toBe(id);
    const own = requestIdsFor(false).generate;
    const ids = [1, 2, 3].map(() => own(requestWith({ 'x-request-id': 'from-a-client' })));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    for (const unsafe of ['two words', 'line\nbreak', '"quoted"', 'x'.repeat(65), '', 'ñandú']) {
      expect(safeRequestId(unsafe)).toBeNull();
      expect(trusting(requestWith({ 'x-request-id': unsafe }))).not.toBe(unsafe);
    }
  });
});

describe("an order's log lines", () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it("carry the request id of the proxy's request: the socket's handshake, the step's", async () => {
    const { lines, stream } = captureLogLines();
    const { handle, target } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({
        WEB_DIST: '/nonexistent-web-dist',
        TRUST_PROXY: 1,
        ORDER_RATE_LIMIT_PER_MINUTE: 10_000,
      }),
      database: handle,
      clock: testClock(),
      logger: { level: 'info', stream },
    });
    closers.push(() => target.drop().catch(() => undefined));
    closers.push(() => app.close());
    const url = await listen(app);
    const branch = await branchBySlug(handle, 'campina');
    await openAllDay(handle, branch.id);
    const [product] = await availableProducts(app, handle, branch.id, 1);
    // As the proxy forwards the websocket's upgrade, with the id it gave it.
    const socket: Socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      query: { token: await login(app, 'cliente@comanda.test') },
      extraHeaders: { 'x-request-id': 'px-sock-7' },
    });
    closers.push(async () => socket.close());
    await connected(socket);
    const order = await place(socket, orderPayload(branch.id, [cartItem(product!)]));
    expect(lines.find((line) => line.msg === 'order placed')).toMatchObject({
      reqId: 'px-sock-7',
      order_id: order.id,
      branch_id: branch.id,
      status: 'received',
    });

    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/status`,
      headers: { ...bearer(await login(app, 'campina@comanda.test')), 'x-request-id': 'px-42' },
      payload: { status: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    expect(lines.find((line) => line.msg === 'order status changed')).toMatchObject({
      reqId: 'px-42',
      order_id: order.id,
      branch_id: branch.id,
      status: 'accepted',
    });
  });
});

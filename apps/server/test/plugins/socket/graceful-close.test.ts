import { confirmCartAnswer, type ConfirmCartAnswer } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
} from '../../helpers/ordering';
import { confirmCart, connected, disconnected, listen, openSocket } from '../../helpers/sockets';
import { until } from '../../helpers/until';

// A node's stop (decision 078): /readyz answers 503 from the drain on while the rest still serves;
// then an order the node is placing is answered before its connection closes, and the connection
// closes at the transport ('transport close', which socket.io-client retries by itself), never
// with a server disconnect ('io server disconnect', which it does not retry).
let t: TestApp;
let closed = false;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  if (!closed) await t.close();
});

describe('a graceful stop', () => {
  it('drains, answers the order in flight, then closes the connection for the client to reconnect elsewhere', async () => {
    const url = await listen(t.app);
    const token = await login(t.app, 'cliente@comanda.test');
    const branch = await branchBySlug(t.database, 'campina');
    await openAllDay(t.database, branch.id);
    const [product] = await availableProducts(t.app, t.database, branch.id, 1);

    t.app.drain();
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'closing' });
    expect((await fetch(`${url}/api/branch-office`)).status).toBe(200);

    const socket = openSocket(url, token);
    await connected(socket);
    const payload = orderPayload(branch.id, [cartItem(product!, 2)]);
    const reason = disconnected(socket, 10_000);
    const answer = confirmCart<ConfirmCartAnswer>(socket, payload);
    // The close starts once the node is placing the order, before its answer (a placement takes
    // a few database round trips; the close starts at once).
    await until(
      'the order is being placed',
      () => t.app.socketWork.inFlight(),
      (n) => n > 0,
      {
        everyMs: 1,
      },
    );
    closed = true;
    const closing = t.close();

    const placed = confirmCartAnswer.parse(await answer);
    expect(placed.status).toBe(true);
    expect(await reason).toBe('transport close');
    await closing;
    socket.close();
  });
});

import { SOCKET_EVENTS, type ConfirmCartAnswer } from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { login } from '../../helpers/ordering';
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';

// What a client sends is typed in the browser (decision 064) but arrives as anything: the server
// answers a `confirm-cart` that is not an order as a refusal, to the event and to the ack, and
// the connection and the node carry on.

let t: TestApp;
let socket: Socket;

beforeAll(async () => {
  t = await buildTestApp();
  const url = await listen(t.app);
  socket = openSocket(url, await login(t.app, 'cliente@comanda.test'));
  await connected(socket);
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

const notOrders: [string, unknown][] = [
  ['null', null],
  ['a number', 42],
  ['a string', 'una orden'],
  ['an array', [{ client_order_id: 'order-0001' }]],
  ['an order without its cart', { client_order_id: 'order-0002', branch_office: { id: 1 } }],
  ['an order with a field of the wrong type', { client_order_id: 'order-0003', detail: 'todo' }],
];

function expectRefusal(answer: ConfirmCartAnswer, payload: unknown) {
  expect(answer.status).toBe(false);
  if (answer.status) return;
  const id = (payload as { client_order_id?: unknown } | null)?.client_order_id;
  expect(answer.client_order_id).toBe(typeof id === 'string' ? id : null);
  expect(Object.values(answer.errors).flat().length).toBeGreaterThan(0);
}

describe('a confirm-cart that is not an order', () => {
  it.each(notOrders)('is refused when it is %s, as an event', async (_, payload) => {
    expectRefusal(await confirmCart<ConfirmCartAnswer>(socket, payload), payload);
    expect(socket.connected).toBe(true);
  });

  it.each(notOrders)('is refused when it is %s, to the ack', async (_, payload) => {
    const answer = await new Promise<ConfirmCartAnswer>((resolve) =>
      socket.emit(SOCKET_EVENTS.confirmCart, payload, resolve),
    );
    expectRefusal(answer, payload);
    expect(socket.connected).toBe(true);
  });

  it('leaves the node serving', async () => {
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });
});

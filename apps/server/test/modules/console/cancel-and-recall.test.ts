import { orderResponse, type Product } from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';

// The console's Cancelar (after accepting, with a reason the customer reads) and Recall (an
// order bumped to "Entregado" back to "Listo"): the shared status graph's moves, and who may
// make them — the branch's staff or an admin, never another branch's staff nor a customer.

let t: TestApp;
let branch: { id: number; title: string };
let tokens: { staff: string; campina: string; customer: string };
let socket: Socket;
let product: Product;

const move = (id: number, payload: Record<string, unknown>, token = tokens.staff) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(token),
    payload,
  });

const newOrder = () => place(socket, orderPayload(branch.id, [cartItem(product)]));

beforeAll(async () => {
  t = await buildTestApp();
  const url = await listen(t.app);
  branch = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, branch.id);
  tokens = {
    staff: await login(t.app, 'staff@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    customer: await login(t.app, 'cliente@comanda.test'),
  };
  socket = openSocket(url, tokens.customer);
  await connected(socket);
  [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe('Cancelar', () => {
  it('cancels an accepted, a preparing and a ready order with a reason the customer reads', async () => {
    for (const steps of [['accepted'], ['accepted', 'preparing'], ['accepted', 'ready']]) {
      const order = await newOrder();
      for (const status of steps) expect((await move(order.id, { status })).statusCode).toBe(200);
      const res = await move(order.id, { status: 'cancelled', reason: 'El domiciliario no llegó' });
      expect(res.statusCode, steps.join('→')).toBe(200);
      const cancelled = orderResponse.parse(res.json()).results;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.reject_reason).toBe('El domiciliario no llegó');
      // The customer's own copy says the same.
      const mine = await t.app.inject({
        url: `/api/orders/${order.id}`,
        headers: bearer(tokens.customer),
      });
      expect(orderResponse.parse(mine.json()).results.reject_reason).toBe(
        'El domiciliario no llegó',
      );
    }
  });

  it('refuses another branch, a customer, a delivered order and a reason on other moves', async () => {
    const order = await newOrder();
    expect((await move(order.id, { status: 'accepted' })).statusCode).toBe(200);
    for (const token of [tokens.campina, tokens.customer]) {
      const res = await move(order.id, { status: 'cancelled', reason: 'x' }, token);
      expect(res.statusCode).toBe(403);
    }
    const reasonOnReady = await move(order.id, { status: 'ready', reason: 'x' });
    expect(reasonOnReady.statusCode).toBe(400);
    expect((await move(order.id, { status: 'ready' })).statusCode).toBe(200);
    expect((await move(order.id, { status: 'delivered' })).statusCode).toBe(200);
    const late = await move(order.id, { status: 'cancelled', reason: 'x' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.status).toEqual(['Un pedido entregado no puede pasar a cancelado.']);
  });
});

describe('Recall', () => {
  it('brings a delivered order back to ready, for the branch only, and never a cancelled one', async () => {
    const order = await newOrder();
    for (const status of ['accepted', 'ready', 'delivered'])
      expect((await move(order.id, { status })).statusCode).toBe(200);
    expect((await move(order.id, { status: 'ready' }, tokens.campina)).statusCode).toBe(403);
    const res = await move(order.id, { status: 'ready' });
    expect(res.statusCode).toBe(200);
    const recalled = orderResponse.parse(res.json()).results;
    expect(recalled.status).toBe('ready');
    expect(recalled.history.map((step) => step.status).slice(-2)).toEqual(['delivered', 'ready']);
    // Recall goes one way only: a delivered order goes back to ready, nothing else comes back.
    const other = await newOrder();
    expect(
      (await move(other.id, { status: 'rejected', reason: 'Cocina saturada' })).statusCode,
    ).toBe(200);
    expect((await move(other.id, { status: 'received' })).statusCode).toBe(400);
    expect((await move(other.id, { status: 'ready' })).statusCode).toBe(400);
  });
});

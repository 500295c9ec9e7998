import {
  adminRatingsResponse,
  orderRatingAnswer,
  orderRatingResponse,
  RATING_MESSAGES,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
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

// Rating an order (migration 040): once, by its customer, after it is delivered or picked up;
// its branch's staff and the back office read it, nobody else learns it exists.

let t: TestApp;
let tokens: { customer: string; campina: string; courier: string; admin: string };
let branch: { id: number; title: string };
let socket: Socket;
let product: Product;

beforeAll(async () => {
  t = await buildTestApp();
  const url = await listen(t.app);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    courier: await login(t.app, 'reparto@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  branch = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
  socket = openSocket(url, tokens.customer);
  await connected(socket);
  [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

const rate = (id: number, payload: unknown, token = tokens.customer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/rating`,
    headers: bearer(token),
    payload: payload as object,
  });
const read = (id: number, token = tokens.customer) =>
  t.app.inject({ url: `/api/orders/${id}/rating`, headers: bearer(token) });
const move = async (id: number, status: string, reason?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(tokens.admin),
    payload: { status, ...(reason ? { reason } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const newOrder = (): Promise<PlacedOrder> =>
  place(socket, orderPayload(branch.id, [cartItem(product)]));

describe('rating an order', () => {
  it('is offered once the order is picked up, taken once, and read by its branch and the back office', async () => {
    const order = await newOrder();
    expect(orderRatingAnswer.parse((await read(order.id)).json())).toEqual({
      results: null,
      can_rate: false,
    });
    const early = await rate(order.id, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RATING_MESSAGES.notFinished);

    for (const status of ['accepted', 'ready', 'delivered']) await move(order.id, status);
    expect(orderRatingAnswer.parse((await read(order.id)).json()).can_rate).toBe(true);

    // Only its customer rates it: the branch's courier may read it, as the order, but not rate it.
    expect((await rate(order.id, { stars: 1 }, tokens.courier)).statusCode).toBe(404);
    expect(orderRatingAnswer.parse((await read(order.id, tokens.courier)).json()).can_rate).toBe(
      false,
    );

    const res = await rate(order.id, { stars: 4, comment: '  Muy rica, llegó caliente. ' });
    expect(res.statusCode, res.body).toBe(201);
    const rating = orderRatingResponse.parse(res.json()).results;
    expect(rating).toMatchObject({
      order_id: order.id,
      stars: 4,
      comment: 'Muy rica, llegó caliente.',
    });
    expect(new Date(rating.created_at).getTime()).toBeCloseTo(t.clock.now(), -4);

    const again = await rate(order.id, { stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RATING_MESSAGES.alreadyRated);

    expect(orderRatingAnswer.parse((await read(order.id)).json())).toEqual({
      results: rating,
      can_rate: false,
    });
    // The branch's staff see it (with nothing to rate themselves).
    expect(orderRatingAnswer.parse((await read(order.id, tokens.campina)).json())).toEqual({
      results: rating,
      can_rate: false,
    });

    const admin = await t.app.inject({ url: '/api/admin/ratings', headers: bearer(tokens.admin) });
    const all = adminRatingsResponse.parse(admin.json());
    expect(all.results[0]).toEqual({ ...rating, branch_id: branch.id, branch_title: branch.title });
    expect(all.branches.find((b) => b.branch_id === branch.id)).toEqual({
      branch_id: branch.id,
      title: branch.title,
      average: 4,
      count: 1,
    });
    expect(all.branches.find((b) => b.branch_id !== branch.id)).toMatchObject({
      average: null,
      count: 0,
    });
    const staff = await t.app.inject({
      url: '/api/admin/ratings',
      headers: bearer(tokens.campina),
    });
    expect(staff.statusCode).toBe(403);
  });

  it('averages a branch’s ratings to one decimal', async () => {
    for (const stars of [5, 2]) {
      const order = await newOrder();
      for (const status of ['accepted', 'ready', 'delivered']) await move(order.id, status);
      expect((await rate(order.id, { stars })).statusCode).toBe(201);
    }
    const all = adminRatingsResponse.parse(
      (await t.app.inject({ url: '/api/admin/ratings', headers: bearer(tokens.admin) })).json(),
    );
    // 4 (the test before), 5 and 2.
    expect(all.branches.find((b) => b.branch_id === branch.id)).toMatchObject({
      average: 3.7,
      count: 3,
    });
  });

  it('refuses bad ratings in Spanish, another’s order, and a rejected order for good', async () => {
    const order = await newOrder();
    const staffRead = await t.app.inject({
      url: `/api/orders/${order.id}/rating`,
      headers: bearer(await login(t.app, 'staff@comanda.test')),
    });
    // Staff of every branch read it (with nothing to rate).
    expect(staffRead.statusCode).toBe(200);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { stars: [RATING_MESSAGES.stars] }],
      [{ stars: 0 }, { stars: [RATING_MESSAGES.stars] }],
      [{ stars: 6 }, { stars: [RATING_MESSAGES.stars] }],
      [{ stars: 3.5 }, { stars: [RATING_MESSAGES.stars] }],
      [{ stars: '5' }, { stars: [RATING_MESSAGES.stars] }],
      [{ stars: 5, comment: 'x'.repeat(501) }, { comment: [RATING_MESSAGES.comment] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await rate(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await rate(999_999, { stars: 5 })).statusCode).toBe(404);
    await move(order.id, 'rejected', 'Cocina saturada');
    const res = await rate(order.id, { stars: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RATING_MESSAGES.notFinished);
  });
});

import {
  CHECKOUT_MESSAGES,
  adminCouponListResponse,
  branchSummaryResponse,
  confirmCartAnswer,
  orderListResponse,
  orderResponse,
  type ConfirmCartAnswer,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrders } from '../../../src/modules/orders/writing/batch-repository';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { issueCode } from '../../helpers/coupons';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
} from '../../helpers/ordering';
import { draftMaker } from '../../helpers/orders';
import { confirmCart, connected, listen, next, openSocket } from '../../helpers/sockets';

// product.md «Discount codes»: a code issued at a discount signup takes its terms off an order
// at placement, checked and redeemed by the server in the order's own write, exactly once.

let t: TestApp;
let url: string;
let branch: { id: number; title: string };
let elsewhere: { id: number; title: string };
let product: Product;
let tokens: { customer: string; other: string; third: string; staff: string };
let userIds: { customer: number; other: number; third: number };
const sockets: Socket[] = [];

async function socketFor(token: string, viaAuth = false) {
  const socket = openSocket(url, token, { viaAuth });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function register(name: string, email: string, phone: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name,
      email,
      phone,
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().access_token as string;
}

const userId = async (email: string) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;

/** A signup and the code it issued, with these terms, issued `ageDays` ago. */
const issue = (
  terms: { percent?: number; amount?: number; min?: number; validDays?: number; ageDays?: number },
  branchId = branch.id,
): Promise<string> => issueCode(t.database, branchId, terms);

const codeRow = (code: string) =>
  t.database.db
    .selectFrom('coupon_codes')
    .select(['id', 'redeemed_at', 'redeemed_by'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();

const countOrders = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function payload(quantity: number, coupon: string | null, branchId = branch.id) {
  return orderPayload(branchId, [cartItem(product, quantity)], {
    ...(coupon === null ? {} : { coupon_code: coupon }),
  });
}

async function attempt(token: string, body: ReturnType<typeof payload>) {
  const socket = await socketFor(token);
  return confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, body));
}

async function placed(token: string, body: ReturnType<typeof payload>): Promise<PlacedOrder> {
  const answer = await attempt(token, body);
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  return answer.order;
}

/** A refusal on `coupon_code` with that message, and nothing stored nor redeemed. */
async function refusedWith(
  token: string,
  body: ReturnType<typeof payload>,
  message: string,
  code?: string,
) {
  const before = await countOrders();
  const answer = await attempt(token, body);
  expect(answer.status, JSON.stringify(answer)).toBe(false);
  if (answer.status) return;
  expect(answer.errors.coupon_code).toEqual([message]);
  expect(await countOrders()).toBe(before);
  if (code) expect((await codeRow(code)).redeemed_at).toBeNull();
}

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  branch = await branchBySlug(t.database, 'chico');
  elsewhere = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
  await t.database.db
    .updateTable('branches')
    .set({ pickup_available: 1, paused_until: null })
    .where('id', '=', branch.id)
    .execute();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    other: await register('Otra Cliente', 'otra@ejemplo.co', '3150000002'),
    third: await register('Tercera Cliente', 'tercera@ejemplo.co', '3150000003'),
    staff: await login(t.app, 'staff@comanda.test'),
  };
  userIds = {
    customer: await userId('cliente@comanda.test'),
    other: await userId('otra@ejemplo.co'),
    third: await userId('tercera@ejemplo.co'),
  };
  product = (await availableProducts(t.app, t.database, branch.id, 1))[0]!;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

describe('a discount code at checkout', () => {
  it('takes its percentage off the products, is redeemed with the order, and every order answer carries it', async () => {
    const staff = await socketFor(tokens.staff, true);
    const code = await issue({ percent: 15 });
    const newOrder = next<PlacedOrder>(staff, 'new-order');
    // As a customer may type it: lower case, no dash, spaces around.
    const typed = ` ${code.replace('-', '').toLowerCase()} `;
    const order = await placed(tokens.customer, payload(3, typed));

    const subtotal = order.detail.reduce((n, line) => n + line.total, 0);
    const discount = Math.floor((subtotal * 15) / 100);
    expect(discount).toBeGreaterThan(0);
    expect(order.discount).toBe(discount);
    expect(order.total).toBe(subtotal + order.delivery_fee - discount);

    const row = await codeRow(code);
    expect(row.redeemed_by).toBe(userIds.customer);
    expect(row.redeemed_at).not.toBeNull();
    const stored = await t.database.db
      .selectFrom('orders')
      .select(['discount', 'coupon_code_id', 'total'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ discount, coupon_code_id: row.id, total: order.total });

    // The branch hears it with the discount; the order page, the history and the board show it.
    expect(await newOrder).toMatchObject({ id: order.id, discount, total: order.total });
    const page = await t.app.inject({
      url: `/api/orders/${order.id}`,
      headers: bearer(tokens.customer),
    });
    expect(orderResponse.parse(page.json()).results).toMatchObject({
      discount,
      total: order.total,
    });
    const history = await t.app.inject({
      url: '/api/cart-history',
      headers: bearer(tokens.customer),
    });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain(`"discount":${discount}`);
    const board = await t.app.inject({
      url: `/api/staff/orders?branch_id=${branch.id}`,
      headers: bearer(tokens.staff),
    });
    const onBoard = orderListResponse.parse(board.json()).results.find((o) => o.id === order.id);
    expect(onBoard).toMatchObject({ discount, total: order.total });

    // A retry of the same attempt answers the same order, not a refusal for a used code.
    const retry = payload(3, code);
    const again = await attempt(tokens.customer, {
      ...retry,
      client_order_id: order.client_order_id as typeof retry.client_order_id,
    });
    expect(again.status && again.order).toMatchObject({ id: order.id, discount });
  });

  it('takes an amount off once the products reach its minimum, and refuses below it', async () => {
    const code = await issue({ amount: 4000, min: product.price * 2 });
    await refusedWith(
      tokens.other,
      payload(1, code),
      CHECKOUT_MESSAGES.couponBelowMinimum(product.price * 2),
      code,
    );
    const order = await placed(tokens.other, payload(2, code));
    expect(order.discount).toBe(Math.min(4000, order.detail[0]!.total));
    expect(order.total).toBe(order.detail[0]!.total + order.delivery_fee - order.discount);
  });

  it('is refused, storing nothing, when unknown, of another branch, expired or already used', async () => {
    await refusedWith(tokens.third, payload(1, 'ZZZZ-ZZZZ'), CHECKOUT_MESSAGES.couponUnknown);
    await refusedWith(tokens.third, payload(1, 'x'.repeat(41)), CHECKOUT_MESSAGES.couponUnreadable);
    const foreign = await issue({ percent: 10 }, elsewhere.id);
    await refusedWith(
      tokens.third,
      payload(1, foreign),
      CHECKOUT_MESSAGES.couponOtherBranch(branch.title),
      foreign,
    );
    const expired = await issue({ percent: 10, validDays: 5, ageDays: 6 });
    await refusedWith(tokens.third, payload(1, expired), CHECKOUT_MESSAGES.couponExpired, expired);
    const used = await issue({ percent: 10 });
    await placed(tokens.third, payload(1, used));
    const stillFirst = (await codeRow(used)).redeemed_by;
    await refusedWith(tokens.other, payload(1, used), CHECKOUT_MESSAGES.couponUsed);
    expect((await codeRow(used)).redeemed_by).toBe(stillFirst);
  });

  it('is once per customer at a branch: a second code of theirs is refused', async () => {
    // The customer redeemed one in the first test.
    const second = await issue({ percent: 10 });
    await refusedWith(
      tokens.customer,
      payload(1, second),
      CHECKOUT_MESSAGES.couponOncePerCustomer(branch.title),
      second,
    );
    // Without a code the customer orders as always.
    expect((await placed(tokens.customer, payload(1, null))).discount).toBe(0);
    expect((await placed(tokens.customer, payload(1, '  '))).discount).toBe(0);
  });
});

describe('redemption', () => {
  it('gives a code raced for by two placements to exactly one of them', async () => {
    const code = await issue({ amount: 1000 });
    // Two customers who have redeemed nothing yet, on their own sockets.
    const first = await register('Quinta Cliente', 'quinta@ejemplo.co', '3150000005');
    const second = await register('Sexta Cliente', 'sexta@ejemplo.co', '3150000006');
    const [a, b] = await Promise.all([
      attempt(first, payload(1, code)),
      attempt(second, payload(1, code)),
    ]);
    const won = [a, b].filter((answer) => answer.status);
    const lost = [a, b].filter((answer) => !answer.status);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    if (won[0]?.status) expect(won[0].order.discount).toBe(1000);
    if (lost[0] && !lost[0].status)
      expect(lost[0].errors.coupon_code).toEqual([CHECKOUT_MESSAGES.couponUsed]);
    const row = await codeRow(code);
    const withCode = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('coupon_code_id', '=', row.id)
      .execute();
    expect(withCode).toHaveLength(1);
  });

  it('redeems once when each placement is its own transaction (as on separate nodes)', async () => {
    // A code of the other branch, where neither customer has redeemed one: only the code itself
    // is contended.
    const code = await issue({ amount: 500 }, elsewhere.id);
    const { id } = await codeRow(code);
    const makers = await Promise.all(
      [userIds.third, userIds.other].map((user) => draftMaker(t.database.db, user)),
    );
    const written = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        insertOrders(
          t.database,
          [{ ...makers[i % 2]!(), branch_id: elsewhere.id, discount: 500, coupon_code_id: id }],
          new Date(t.clock.now()).toISOString(),
        ),
      ),
    );
    const results = written.flat();
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => r.coupon)).toHaveLength(5);
    const row = await codeRow(code);
    expect(row.redeemed_at).not.toBeNull();
    const withCode = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('coupon_code_id', '=', id)
      .execute();
    expect(withCode).toHaveLength(1);
  });
});

describe('the day summary', () => {
  it('counts the discounts of the day’s sales apart', async () => {
    const summaryOf = async () =>
      branchSummaryResponse.parse(
        (
          await t.app.inject({
            url: `/api/staff/branches/${branch.id}/summary`,
            headers: bearer(tokens.staff),
          })
        ).json(),
      ).results;
    const before = (await summaryOf()).discounts;
    const code = await issue({ amount: 2500 });
    const fourth = await register('Cuarta Cliente', 'cuarta@ejemplo.co', '3150000004');
    const order = await placed(fourth, payload(2, code));
    // Unanswered, it is not a sale yet.
    expect((await summaryOf()).discounts).toEqual(before);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/status`,
      headers: bearer(tokens.staff),
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await summaryOf()).discounts).toEqual({
      orders: before.orders + 1,
      total: before.total + order.discount,
    });
    // The day's CSV names it on the order's row, beside the total after it.
    const csv = await t.app.inject({
      url: `/api/staff/branches/${branch.id}/day.csv`,
      headers: bearer(tokens.staff),
    });
    const header = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    const row = csv.body.split('\r\n').find((line) => line.startsWith(`${order.id},`))!;
    const cells = row.split(',');
    expect(cells[header.indexOf('Total')]).toBe(String(order.total));
    expect(cells[header.indexOf('Descuento')]).toBe(String(order.discount));
    expect(order.discount).toBeGreaterThan(0);
  });
});

describe('the back office', () => {
  it('shows each branch’s signups, codes issued and codes redeemed', async () => {
    const admin = await login(t.app, 'admin@comanda.test');
    const res = await t.app.inject({ url: '/api/admin/coupons', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const entry = adminCouponListResponse
      .parse(res.json())
      .results.find((e) => e.branch_id === branch.id)!;
    const { db } = t.database;
    const count = async (table: 'discount_signups' | 'coupon_codes', redeemed = false) => {
      let query = db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('branch_id', '=', branch.id);
      if (redeemed && table === 'coupon_codes')
        query = query.where('redeemed_at', 'is not', null) as typeof query;
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    // Five of this file’s codes at this branch were redeemed by an order.
    expect(entry.codes_issued).toBe(await count('coupon_codes'));
    expect(entry.codes_redeemed).toBe(await count('coupon_codes', true));
    expect(entry.codes_redeemed).toBeGreaterThanOrEqual(5);
    expect(entry.signups).toBe(await count('discount_signups'));
    expect(entry.signups).toBeGreaterThanOrEqual(entry.codes_issued);
  });
});

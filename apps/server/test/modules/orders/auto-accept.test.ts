import {
  AUTO_ACCEPT_MESSAGES,
  autoAcceptResponse,
  chainClock,
  type AutoAcceptRules,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, place } from '../../helpers/ordering';
import {
  eventually,
  payAtCheckout,
  paymentScene,
  placeOnline,
  type PaymentScene,
} from '../../helpers/payments';

// What a branch accepts by itself (product.md «Auto-accept»): the rules, set by the chain's
// admin, decide at placement (or when the online payment arrives); the rest rings as always.

let s: PaymentScene;
let admin: string;
const CASH = { id: 1 } as const;
const NONE: AutoAcceptRules = {
  asap: false,
  scheduled: false,
  paid_online_only: false,
  max_total: null,
  windows: [],
};

beforeAll(async () => {
  s = await paymentScene();
  admin = await login(s.t.app, 'admin@comanda.test');
});
afterAll(async () => {
  await s.close();
});

const rulesPath = () => `/api/admin/branches/${s.branch.id}/auto-accept`;
const setRules = (body: object, token = admin) =>
  s.t.app.inject({ method: 'PUT', url: rulesPath(), headers: bearer(token), payload: body });
const placeCash = (quantity = 1) =>
  place(s.customer, { ...s.payload({ payment: CASH }), detail: [detailOf(quantity)] } as never);
/** The scene's one product, `quantity` times. */
const detailOf = (quantity: number) => ({
  ...(s.payload().detail as { quantity: number }[])[0]!,
  quantity,
});
const steps = (order: { history: { status: string }[] }) => order.history.map((h) => h.status);

describe('GET and PUT /api/admin/branches/:id/auto-accept', () => {
  it('are for admins, validated, versioned and logged', async () => {
    const staff = await login(s.t.app, 'campina@comanda.test');
    expect((await setRules({ ...NONE, asap: true }, staff)).statusCode).toBe(403);
    const read = await s.t.app.inject({ url: rulesPath(), headers: bearer(admin) });
    const before = autoAcceptResponse.parse(read.json()).results;
    expect(before).toMatchObject(NONE);

    const badTotal = await setRules({ ...NONE, max_total: 0 });
    expect(badTotal.statusCode).toBe(400);
    expect(badTotal.json().errors.max_total).toEqual([AUTO_ACCEPT_MESSAGES.maxTotal]);
    const emptyWindow = await setRules({
      ...NONE,
      windows: [{ days: [1], from: '10:00', to: '10:00' }],
    });
    expect(emptyWindow.statusCode).toBe(400);

    const rules = { ...NONE, asap: true, max_total: 50_000 };
    const saved = await setRules({ ...rules, version: before.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(autoAcceptResponse.parse(saved.json()).results).toEqual({
      ...rules,
      version: before.version + 1,
    });
    const stale = await setRules({ ...NONE, version: before.version });
    expect(stale.statusCode).toBe(409);
    const logged = await s.t.database.db
      .selectFrom('audit_log')
      .select('summary')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.summary).toContain('acepta sola lo antes posible, hasta $50.000');
  });
});

describe('an order the rules accept', () => {
  it('is answered accepted with the usual promise, nobody named, and still rings the board', async () => {
    expect((await setRules({ ...NONE, asap: true })).statusCode).toBe(200);
    const order = await placeCash();
    expect(order.status).toBe('accepted');
    expect(steps(order)).toEqual(['received', 'accepted']);
    expect(Date.parse(order.promised_at!)).toBeGreaterThan(Date.parse(order.placed_at));
    const actors = await s.t.database.db
      .selectFrom('order_status_history')
      .select('actor_id')
      .where('order_id', '=', order.id)
      .execute();
    expect(actors.every((row) => row.actor_id === null)).toBe(true);
    await eventually(
      async () => s.rung,
      (rung) => rung.includes(order.id),
    );
    expect(s.rung).toContain(order.id);
  });

  it('waits for staff above its total, outside its windows, or unpaid when payment is asked', async () => {
    const one = await placeCash(1);
    expect((await setRules({ ...NONE, asap: true, max_total: one.total })).statusCode).toBe(200);
    expect((await placeCash(1)).status).toBe('accepted');
    expect((await placeCash(2)).status).toBe('received');

    // A window of the whole week that has just closed: now is outside it.
    const now = new Date(s.t.clock.now());
    const hourAgo = chainClock(new Date(now.getTime() - 60 * 60_000));
    const minuteAgo = chainClock(new Date(now.getTime() - 60_000));
    const closed = [{ days: [0, 1, 2, 3, 4, 5, 6], from: hourAgo, to: minuteAgo }];
    expect((await setRules({ ...NONE, asap: true, windows: closed })).statusCode).toBe(200);
    expect((await placeCash()).status).toBe('received');
    const open = [{ days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '24:00' }];
    expect((await setRules({ ...NONE, asap: true, windows: open })).statusCode).toBe(200);
    expect((await placeCash()).status).toBe('accepted');

    expect((await setRules({ ...NONE, asap: true, paid_online_only: true })).statusCode).toBe(200);
    expect((await placeCash()).status).toBe('received');
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    expect(order.status).toBe('awaiting_payment');
    await payAtCheckout(redirect, 'APPROVED');
    const paid = await eventually(
      () => s.order(order.id),
      (o) => o.status === 'accepted',
    );
    expect(steps(paid)).toEqual(['awaiting_payment', 'received', 'accepted']);
  });

  it('leaves everything to staff when switched off', async () => {
    expect((await setRules(NONE)).statusCode).toBe(200);
    expect((await placeCash()).status).toBe('received');
  });
});

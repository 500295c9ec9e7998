import {
  CHECKOUT_MESSAGES,
  PROMOTION_MESSAGES,
  adminPromotionResponse,
  confirmCartAnswer,
  orderResponse,
  promotionListResponse,
  unitPrice,
  type ConfirmCartAnswer,
  type PlacedOrder,
  type Product,
  type PromotionBody,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src/db/dialect';
import { migrateToLatest } from '../../../src/db/migrate';
import { seedDemoChain } from '../../../src/db/seed/seed';
import { chainPromotions } from '../../../src/lib/promotion-rules';
import { insertOrders } from '../../../src/modules/orders/writing/batch-repository';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createEmptyDatabase } from '../../helpers/database';
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
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';

// product.md «Promotions» (decision 082): the back office's rules, the storefront's read of
// those in force, and placement pricing them with the one shared function, at their edges.

/** Tuesday 1 December 2026, 12:00 on the chain's clock (Bogotá, UTC−5). */
const TUESDAY_NOON = Date.parse('2026-12-01T17:00:00Z');

let t: TestApp;
let url: string;
let branch: { id: number; title: string };
let elsewhere: { id: number; title: string };
let products: [Product, Product];
let tokens: { customer: string; admin: string; staff: string };
const sockets: Socket[] = [];
const created: number[] = [];

const price = (product: Product) => unitPrice(cartItem(product));

/** A 2x1 on the first product, every Tuesday all day, everywhere: what a test changes. */
const twoForOne = (overrides: Partial<PromotionBody> = {}): PromotionBody => ({
  title: '2x1 martes',
  kind: 'nxm',
  buy: 2,
  pay: 1,
  product_ids: [products[0].id],
  days: [2],
  from: '00:00',
  to: '24:00',
  ...overrides,
});

async function create(body: PromotionBody) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: bearer(tokens.admin),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const promotion = adminPromotionResponse.parse(res.json()).results;
  created.push(promotion.id);
  return promotion;
}

const inForce = async (branchId = branch.id, token?: string) => {
  const res = await t.app.inject({
    url: `/api/promotions?branch=${branchId}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return promotionListResponse.parse(res.json()).results.map((p) => p.id);
};

async function attempt(lines: [Product, number][], overrides: Record<string, unknown> = {}) {
  const socket = openSocket(url, tokens.customer);
  sockets.push(socket);
  await connected(socket);
  const items = lines.map(([product, quantity]) => cartItem(product, quantity));
  const payload = orderPayload(branch.id, items, overrides);
  return confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
}

async function placed(lines: [Product, number][], overrides: Record<string, unknown> = {}) {
  const answer = await attempt(lines, overrides);
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  return answer.order;
}

const at = (chainTime: string) => t.clock.set(Date.parse(chainTime));

/** How many stored orders took the promotion `id`. */
async function ordersTaking(id: number) {
  const rows = await t.database.db
    .selectFrom('orders')
    .select('promotions')
    .where('promotions', '<>', '[]')
    .execute();
  return rows.filter((row) =>
    (JSON.parse(row.promotions) as { id: number }[]).some((p) => p.id === id),
  ).length;
}

/** No rules, and past the second placement remembers them for (the catalogue change is the API's). */
async function clearRules() {
  await t.database.db.deleteFrom('promotions').execute();
  created.splice(0);
  t.clock.advance(2_000);
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(TUESDAY_NOON);
  url = await listen(t.app);
  branch = await branchBySlug(t.database, 'chico');
  elsewhere = await branchBySlug(t.database, 'campina');
  for (const id of [branch.id, elsewhere.id]) await openAllDay(t.database, id);
  await t.database.db
    .updateTable('branches')
    .set({ pickup_available: 1, paused_until: null })
    .where('id', '=', branch.id)
    .execute();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
    staff: await login(t.app, 'staff@comanda.test'),
  };
  products = (await availableProducts(t.app, t.database, branch.id, 2)) as [Product, Product];
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const id of created.splice(0)) {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/promotions/${id}`,
      headers: bearer(tokens.admin),
    });
    expect([200, 404]).toContain(res.statusCode);
  }
  t.clock.set(TUESDAY_NOON);
});

afterAll(() => t.close());

describe('the demo chain', () => {
  it('makes its banners true: a 2x1 on every burger on Tuesdays, and free delivery from $40.000', async () => {
    const target = await createEmptyDatabase();
    const handle = connect({
      url: target.url,
      ...(target.schema ? { schema: target.schema } : {}),
    });
    try {
      await migrateToLatest(handle);
      expect(await seedDemoChain(handle)).toBe(true);
      const rules = await chainPromotions(handle.db);
      const burgers = await handle.db
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .select('products.id')
        .where('categories.slug', '=', 'hamburguesas')
        .execute();
      expect(rules).toMatchObject([
        { title: '2x1 martes', kind: 'nxm', buy: 2, pay: 1, days: [2], branch_ids: [] },
        { kind: 'free_delivery', min_order: 40_000, days: [0, 1, 2, 3, 4, 5, 6] },
      ]);
      expect(rules[0]!.product_ids.toSorted()).toEqual(burgers.map((b) => b.id).toSorted());
    } finally {
      await handle.db.destroy();
      await target.drop();
    }
  });
});

describe('the back office writes promotions through the one write path', () => {
  it('creates, lists, edits under its version, refuses a stale one, and removes', async () => {
    const promotion = await create(twoForOne());
    expect(promotion).toMatchObject({ kind: 'nxm', buy: 2, pay: 1, stacks_with_code: false });
    const list = await t.app.inject({
      url: '/api/admin/promotions',
      headers: bearer(tokens.admin),
    });
    expect(list.json().results.map((p: { id: number }) => p.id)).toContain(promotion.id);

    const edit = (version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/promotions/${promotion.id}`,
        headers: bearer(tokens.admin),
        payload: twoForOne({ title: '3x2 martes', buy: 3, pay: 2, version }),
      });
    const edited = await edit(promotion.version);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().results).toMatchObject({ title: '3x2 martes', buy: 3, pay: 2 });
    const stale = await edit(promotion.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ title: '3x2 martes' });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('entity', '=', 'promotion')
      .where('entity_id', '=', String(promotion.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/promotions/${promotion.id}`,
      headers: bearer(tokens.admin),
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/promotions/${promotion.id}`,
      headers: bearer(tokens.admin),
      payload: twoForOne(),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PROMOTION_MESSAGES.notFound);
  });

  it('refuses a rule that cannot be priced, field by field in Spanish, and staff', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: bearer(tokens.admin),
      payload: twoForOne({ pay: 2, from: '10:00', to: '10:00', product_ids: [] }),
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors;
    expect(errors.pay).toEqual([PROMOTION_MESSAGES.pay]);
    expect(errors.product_ids).toEqual([PROMOTION_MESSAGES.products]);
    expect(errors.to?.[0]).toMatch(/empieza y termina/);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: bearer(tokens.admin),
      payload: twoForOne({ product_ids: [999_999], branch_ids: [999_999] }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      product_ids: [PROMOTION_MESSAGES.unknownProduct],
      branch_ids: [PROMOTION_MESSAGES.unknownBranch],
    });
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: bearer(tokens.staff),
      payload: twoForOne(),
    });
    expect(staff.statusCode).toBe(403);
  });
});

describe('which promotions are in force', () => {
  it('on its weekday, at its branches, within its dates', async () => {
    const everywhere = await create(twoForOne());
    const atElsewhere = await create(twoForOne({ branch_ids: [elsewhere.id] }));
    const fromTomorrow = await create(twoForOne({ starts_on: '2026-12-02' }));
    const untilToday = await create(twoForOne({ ends_on: '2026-12-01' }));
    expect(await inForce()).toEqual([everywhere.id, untilToday.id]);
    expect(await inForce(elsewhere.id)).toEqual([everywhere.id, atElsewhere.id, untilToday.id]);
    // At a scheduled order's slot: Wednesday's noon has none.
    const wednesday = await t.app.inject({
      url: `/api/promotions?branch=${branch.id}&at=2026-12-02T17:00:00Z`,
    });
    expect(promotionListResponse.parse(wednesday.json()).results).toEqual([]);
    at('2026-12-02T17:00:00Z'); // Wednesday
    expect(await inForce()).toEqual([]);
    at('2026-12-08T17:00:00Z'); // the next Tuesday
    expect(await inForce()).toEqual([everywhere.id, fromTomorrow.id]);
  });

  it('a window across midnight belongs to the day it starts on, to the minute', async () => {
    const late = await create(twoForOne({ from: '22:00', to: '02:00' }));
    at('2026-12-02T02:59:00Z'); // Tuesday 21:59
    expect(await inForce()).toEqual([]);
    at('2026-12-02T03:00:00Z'); // Tuesday 22:00
    expect(await inForce()).toEqual([late.id]);
    at('2026-12-02T06:59:00Z'); // Wednesday 01:59
    expect(await inForce()).toEqual([late.id]);
    at('2026-12-02T07:00:00Z'); // Wednesday 02:00
    expect(await inForce()).toEqual([]);
    at('2026-12-01T06:00:00Z'); // Tuesday 01:00: Monday's night, not Tuesday's
    expect(await inForce()).toEqual([]);
  });
});

describe('placement prices the promotions with the shared function', () => {
  it('two under a 2x1 cost one; three get one free; the order keeps its lines', async () => {
    const promotion = await create(twoForOne());
    const one = price(products[0]);
    const two = await placed([[products[0], 2]]);
    expect(two.promotions).toEqual([{ id: promotion.id, title: '2x1 martes', amount: one }]);
    expect(two).toMatchObject({ discount: one, total: one });
    const three = await placed([[products[0], 3]]);
    expect(three).toMatchObject({ discount: one, total: one * 2 });
    const page = await t.app.inject({
      url: `/api/orders/${two.id}`,
      headers: bearer(tokens.customer),
    });
    expect(orderResponse.parse(page.json()).results.promotions).toEqual(two.promotions);
  });

  it('percent, amount and a combo each take off what their rule says', async () => {
    const [a, b] = products;
    await create({ ...twoForOne(), kind: 'percent', percent: 10, title: '10 %' });
    const percent = await placed([[a, 1]]);
    expect(percent.discount).toBe(Math.floor(price(a) / 10));
    await clearRules();
    await create({ ...twoForOne(), kind: 'amount', amount: 1000, title: '−$1.000' });
    expect((await placed([[a, 3]])).discount).toBe(3000);
    await clearRules();
    const comboPrice = price(a) + price(b) - 5000;
    await create({ ...twoForOne(), kind: 'combo', price: comboPrice, product_ids: [a.id, b.id] });
    const combo = await placed([
      [a, 2],
      [b, 1],
    ]);
    expect(combo).toMatchObject({ discount: 5000, total: price(a) * 2 + price(b) - 5000 });
  });

  it('free delivery from its minimum in products, counted after the other promotions', async () => {
    const one = price(products[0]);
    const zone = {
      neighbourhood: 'Usaquén Promociones',
      fee: 5000,
      min_order: 0,
      delivery_minutes: 20,
    };
    const zones = await t.database.db
      .selectFrom('branch_delivery_zones')
      .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
      .where('branch_id', '=', branch.id)
      .execute();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/branches/${branch.id}/zones`,
      headers: bearer(tokens.admin),
      payload: { zones: [...zones, zone] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: bearer(tokens.customer),
      payload: {
        label: 'Casa',
        address: 'Cl. 150 #58-10',
        neighbourhood: zone.neighbourhood,
        city: 'Bogotá',
        notes: '',
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    const delivery = { type_delivery: 2, address_id: address.json().results.id as number };
    const free = await create({
      ...twoForOne({ title: 'Domicilio gratis' }),
      kind: 'free_delivery',
      min_order: one * 2,
    });
    expect(await placed([[products[0], 1]], delivery)).toMatchObject({
      delivery_fee: 5000,
      total: one + 5000,
    });
    expect(await placed([[products[0], 2]], delivery)).toMatchObject({
      promotions: [{ id: free.id, title: 'Domicilio gratis', amount: 5000 }],
      delivery_fee: 5000,
      total: one * 2,
    });
    // Under a 2x1 the same two units come to one: below the minimum, the fee is charged.
    const nxm = await create(twoForOne());
    expect(await placed([[products[0], 2]], delivery)).toMatchObject({
      promotions: [{ id: nxm.id, amount: one }],
      total: one + 5000,
    });
  });

  it('a per-customer limit: the promotion goes to that many orders, then neither the list nor placement gives it', async () => {
    const limited = await create(twoForOne({ per_customer_limit: 1 }));
    expect(await inForce(branch.id, tokens.customer)).toEqual([limited.id]);
    expect((await placed([[products[0], 2]])).promotions).toHaveLength(1);
    expect(await inForce(branch.id, tokens.customer)).toEqual([]);
    expect(await inForce(branch.id)).toEqual([limited.id]);
    const second = await placed([[products[0], 2]]);
    expect(second).toMatchObject({ promotions: [], discount: 0, total: price(products[0]) * 2 });
  });

  it('a per-customer limit is claimed in the write: two placements of one customer at once, one gets it', async () => {
    const limited = await create(twoForOne({ per_customer_limit: 1 }));
    const answers = await Promise.all([attempt([[products[0], 2]]), attempt([[products[0], 2]])]);
    // Exactly one order takes it. The other was either priced with it too and refused at the
    // write, or (when the first was stored before it was priced) placed without it.
    const took = answers.filter((answer) => answer.status && answer.order.promotions.length > 0);
    expect(took).toHaveLength(1);
    const other = answers.find((answer) => answer !== took[0])!;
    if (other.status) expect(other.order.promotions).toEqual([]);
    else expect(other.errors.total).toEqual([CHECKOUT_MESSAGES.promotionUsedUp]);
    expect(await ordersTaking(limited.id)).toBe(1);
  });

  it('a per-customer limit holds when each placement is its own transaction (as on separate nodes)', async () => {
    const limited = await create(twoForOne({ per_customer_limit: 2 }));
    const customer = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow();
    const make = await draftMaker(t.database.db, customer.id);
    const promotions = JSON.stringify([{ id: limited.id, title: limited.title, amount: 1000 }]);
    const written = await Promise.all(
      Array.from({ length: 6 }, () =>
        insertOrders(
          t.database,
          [{ ...make(), discount: 1000, promotions }],
          new Date(t.clock.now()).toISOString(),
        ),
      ),
    );
    const results = written.flat();
    expect(results.filter((r) => r.created)).toHaveLength(2);
    expect(results.filter((r) => r.promotionUsedUp)).toHaveLength(4);
    expect(await ordersTaking(limited.id)).toBe(2);
  });

  it('against a code the better wins and a beaten code stays unredeemed; a rule that stacks takes both', async () => {
    const one = price(products[0]);
    await create(twoForOne());
    const code = await issueCode(t.database, branch.id, { amount: 1000 });
    const promoted = await placed([[products[0], 2]], { coupon_code: code });
    expect(promoted).toMatchObject({ discount: one, total: one });
    const row = await t.database.db
      .selectFrom('coupon_codes')
      .select('redeemed_at')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.redeemed_at).toBeNull();

    await clearRules();
    await create(twoForOne({ stacks_with_code: true }));
    const both = await placed([[products[0], 2]], { coupon_code: code });
    expect(both).toMatchObject({ discount: one + 1000, total: one - 1000 });
  });

  it('a rule that ends between the cart and placement: refused with the new total, nothing stored', async () => {
    const one = price(products[0]);
    const promotion = await create(twoForOne({ to: '12:30' }));
    at('2026-12-01T17:29:00Z'); // 12:29: the cart shows the 2x1
    expect(await inForce()).toEqual([promotion.id]);
    at('2026-12-01T17:31:00Z'); // 12:31: Continuar
    const before = await t.database.db.selectFrom('orders').select('id').execute();
    const answer = await attempt([[products[0], 2]], { expected_total: one });
    expect(answer.status).toBe(false);
    if (answer.status) return;
    expect(answer.errors.total).toEqual([CHECKOUT_MESSAGES.totalChanged(one * 2)]);
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toEqual(before);
    // Told the new total, the customer confirms it.
    const order: PlacedOrder = await placed([[products[0], 2]], { expected_total: one * 2 });
    expect(order).toMatchObject({ promotions: [], total: one * 2 });
  });
});

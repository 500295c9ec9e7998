import {
  CHECKOUT_MESSAGES,
  lineTotal,
  unitPrice,
  type ConfirmCartAnswer,
  type Product,
} from '@comanda/shared';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';

// An order is a promise the kitchen keeps: one account may not flood a branch with hundreds of
// orders in seconds, nor place one order of thousands of units or hundreds of millions of pesos.

const PER_MINUTE = 3;
// The size limits are tested at their defaults (200 units, 5,000,000 pesos).
const MAX_UNITS = 200;
const MAX_TOTAL = 5_000_000;

let t: TestApp;
let url: string;
let branchId: number;
let menu: Product[];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ ORDER_RATE_LIMIT_PER_MINUTE: PER_MINUTE, AUTH_RATE_LIMIT_PER_IP: 1000 });
  url = await listen(t.app);
  const branches = (await t.app.inject('/api/branch-office')).json().results as {
    id: number;
    slug: string;
  }[];
  branchId = branches.find((b) => b.slug === 'terminal-24h')!.id;
  const rows = await t.database.db.selectFrom('products').select('slug').orderBy('id').execute();
  menu = [];
  for (const { slug } of rows) {
    const product = (await t.app.inject(`/api/products/${slug}/${branchId}`)).json()
      .results as Product;
    if (product.available) menu.push(product);
  }
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

/** A cart line: the first option of each required group chosen, nothing else. */
function line(product: Product, quantity: number) {
  const modifier_group = product.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option, index) => ({
      ...option,
      selected: group.required && index === 0,
    })),
  }));
  return { ...product, modifier_group, quantity };
}
const unitOf = (product: Product) => unitPrice(line(product, 1));
const cheapest = () => menu.reduce((a, b) => (unitOf(a) <= unitOf(b) ? a : b));
const dearest = () => menu.reduce((a, b) => (unitOf(a) >= unitOf(b) ? a : b));

let serial = 0;
/** A new customer with a connected socket. */
async function customer(): Promise<Socket> {
  const n = String(++serial).padStart(4, '0');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Cliente',
      email: `limite${n}@ejemplo.co`,
      phone: `317000${n}`,
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
  const socket = openSocket(url, res.json().access_token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const order = (detail: ReturnType<typeof line>[], clientOrderId = randomUUID()) => ({
  client_order_id: clientOrderId,
  branch_office: { id: branchId },
  payment: { id: 1 },
  form: { observation: '' },
  detail,
  delivery: 2,
});
const small = () => order([line(cheapest(), 1)]);

const countOrders = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('orders per account per minute', () => {
  it(`places ${PER_MINUTE}, then refuses with a Spanish reason and stores nothing`, async () => {
    const socket = await customer();
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 1; i++)
      answers.push(await confirmCart<ConfirmCartAnswer>(socket, small()));
    expect(answers.map((a) => a.status)).toEqual([true, true, true, false]);
    expect(answers[PER_MINUTE]).toMatchObject({
      status: false,
      errors: { _: [CHECKOUT_MESSAGES.tooManyOrders] },
    });
    const before = await countOrders();
    expect((await confirmCart<ConfirmCartAnswer>(socket, small())).status).toBe(false);
    expect(await countOrders()).toBe(before);
  });

  it('still answers a retry of an order already placed', async () => {
    const socket = await customer();
    const first = small();
    const placed = await confirmCart<ConfirmCartAnswer>(socket, first);
    for (let i = 1; i < PER_MINUTE + 1; i++) await confirmCart<ConfirmCartAnswer>(socket, small());
    const retry = await confirmCart<ConfirmCartAnswer>(socket, first);
    expect(retry.status).toBe(true);
    if (retry.status && placed.status) expect(retry.order.id).toBe(placed.order.id);
  });

  it('counts each account on its own', async () => {
    const [a, b] = [await customer(), await customer()];
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await confirmCart<ConfirmCartAnswer>(a, small())).status).toBe(true);
    expect((await confirmCart<ConfirmCartAnswer>(b, small())).status).toBe(true);
  });
});

describe('the size of one order', () => {
  it('refuses the audit’s 50 lines × 99 units, and stores nothing', async () => {
    const socket = await customer();
    const before = await countOrders();
    const lines = menu.slice(0, 50).map((product) => line(product, 99));
    const answer = await confirmCart<ConfirmCartAnswer>(socket, order(lines));
    expect(answer.status).toBe(false);
    if (!answer.status)
      expect(answer.errors.detail).toContain(CHECKOUT_MESSAGES.tooManyUnits(MAX_UNITS));
    expect(await countOrders()).toBe(before);
  });

  it(`refuses more than ${MAX_UNITS} units, however they are split into lines, and takes ${MAX_UNITS}`, async () => {
    const socket = await customer();
    const product = cheapest();
    expect(unitOf(product) * (MAX_UNITS + 1)).toBeLessThanOrEqual(MAX_TOTAL);
    const answer = await confirmCart<ConfirmCartAnswer>(
      socket,
      order([line(product, 99), line(product, 99), line(product, 3)]),
    );
    expect(answer).toMatchObject({
      status: false,
      errors: { detail: [CHECKOUT_MESSAGES.tooManyUnits(MAX_UNITS)] },
    });
    const atTheLimit = await confirmCart<ConfirmCartAnswer>(
      socket,
      order([line(product, 99), line(product, 99), line(product, 2)]),
    );
    expect(atTheLimit.status).toBe(true);
    if (atTheLimit.status) expect(atTheLimit.order.quantity).toBe(MAX_UNITS);
  });

  it('refuses a total above 5,000,000 pesos, saying the limit in pesos', async () => {
    const socket = await customer();
    const product = dearest();
    const units = Math.floor(MAX_TOTAL / unitOf(product)) + 1;
    expect(units).toBeLessThanOrEqual(MAX_UNITS);
    const lines = [
      line(product, Math.min(99, units)),
      ...(units > 99 ? [line(product, units - 99)] : []),
    ];
    expect(lines.reduce((sum, l) => sum + lineTotal(l, l.quantity), 0)).toBeGreaterThan(MAX_TOTAL);
    const before = await countOrders();
    const answer = await confirmCart<ConfirmCartAnswer>(socket, order(lines));
    expect(answer).toMatchObject({
      status: false,
      errors: { detail: [CHECKOUT_MESSAGES.totalTooHigh(MAX_TOTAL)] },
    });
    expect(CHECKOUT_MESSAGES.totalTooHigh(MAX_TOTAL)).toContain('$5.000.000');
    expect(await countOrders()).toBe(before);
  });
});

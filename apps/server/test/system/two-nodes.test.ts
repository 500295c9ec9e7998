import {
  CHECKOUT_MESSAGES,
  SCHEDULE_MESSAGES,
  addDays,
  chainClock,
  chainDayRange,
  chainToday,
  describeDayparts,
  productResponse,
  unitPrice,
  type ConfirmCartAnswer,
  type Daypart,
  productUpdateBodyOf,
  type AdminProduct,
} from '@comanda/shared';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_KEYS } from '../../src/config';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { serveSimulator } from '../../src/payment-simulator/serve';
import { payAtCheckout } from '../helpers/payments';
import { freePort } from '../helpers/server-process';
import { confirmCart, connected, disconnected, next, openSocket } from '../helpers/sockets';
import { until } from '../helpers/until';

// Two server processes (the built bundle) on one PostgreSQL database and one Redis: an order
// placed through one node reaches staff on the other, and a status change made on the other
// reaches the customer on the first. vitest.config.ts runs this on the PostgreSQL project only.
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminUrl || !redisUrl)
  throw new Error('The two-node test needs TEST_DATABASE_URL and TEST_REDIS_URL.');

const bundle = new URL('../../dist/server.js', import.meta.url).pathname;
const database = `comanda_two_nodes_${process.pid}_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();
const nodes: ChildProcess[] = [];
const sockets: Socket[] = [];
// Ports the OS says are free: a fixed or random range met epmd on 4369 once.
let ports: readonly [number, number];
const base = (port: number) => `http://127.0.0.1:${port}`;
/** The payment simulator both nodes talk to; its events go to node A's webhook only. */
let simulator: Awaited<ReturnType<typeof serveSimulator>>;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function startNode(port: number) {
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      SHUTDOWN_DRAIN_MS: '0',
      PAYMENT_PROVIDER: 'simulator',
      WOMPI_API_URL: `${simulator.url}/v1`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  nodes.push(child);
}

async function ready(port: number) {
  const node = nodes[ports.indexOf(port)];
  for (let i = 0; i < 300; i++) {
    if (node && node.exitCode !== null)
      throw new Error(`node on ${port} exited with ${node.exitCode}`);
    try {
      if ((await fetch(`${base(port)}/readyz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`node on ${port} never became ready`);
}

async function login(port: number, email: string) {
  const res = await fetch(`${base(port)}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_login: email, password_login: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  ports = [await freePort(), await freePort()];
  simulator = await serveSimulator(
    {
      keys: SIMULATOR_KEYS,
      webhookUrl: () => `${base(ports[0])}/api/payments/wompi/events`,
      retryMs: 50,
    },
    0,
  );
  await admin(`create database ${database}`);
  // Both at once on an empty database: migrations and the demo seed must survive the race.
  startNode(ports[0]);
  startNode(ports[1]);
  await Promise.all([ready(ports[0]), ready(ports[1])]);
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(
    nodes.map(
      (node) =>
        new Promise<void>((resolve) =>
          node.exitCode !== null
            ? resolve()
            : (node.once('exit', () => resolve()), node.kill('SIGTERM')),
        ),
    ),
  );
  await simulator.close();
  await admin(`drop database if exists ${database} with (force)`);
});

/** A place-able one-product cart at the branch, read through node `port`. */
async function cartAt(port: number, branchId: number) {
  const category = (
    (await (await fetch(`${base(port)}/api/category-client`)).json()) as {
      results: { slug: string }[];
    }
  ).results[0]!;
  const card = (
    (await (await fetch(`${base(port)}/api/category/${category.slug}/${branchId}`)).json()) as {
      results: { products: { id: number; slug: string; available: boolean }[] };
    }
  ).results.products.find((p) => p.available)!;
  const product = productResponse.parse(
    await (await fetch(`${base(port)}/api/products/${card.slug}/${branchId}`)).json(),
  ).results;
  const item = {
    ...product,
    quantity: 1,
    modifier_group: product.modifier_group.map((g) => ({
      ...g,
      modifiers_product: g.modifiers_product.map((o, i) => ({
        ...o,
        selected: g.required && i === 0,
      })),
    })),
  };
  return { categorySlug: category.slug, product, item };
}

async function openAllDayBranch(port: number) {
  const branches = (await (await fetch(`${base(port)}/api/branch-office`)).json()) as {
    results: { id: number; title: string; opening_hours: { opens: string; closes: string }[] }[];
  };
  return branches.results.find(
    (x) =>
      x.opening_hours.length === 7 &&
      x.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
  )!;
}

const staffPut = (port: number, token: string, path: string, body: unknown) =>
  fetch(`${base(port)}/api/staff/branches${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe('two nodes behind one load balancer', () => {
  it('shares orders and status changes between the nodes through Redis', async () => {
    const [a, b] = ports;
    const customerToken = await login(a, 'cliente@comanda.test');
    const staffToken = await login(b, 'staff@comanda.test');

    const branches = (await (await fetch(`${base(a)}/api/branch-office`)).json()) as {
      results: { id: number; opening_hours: { opens: string; closes: string }[] }[];
    };
    expect(branches.results.length).toBeGreaterThanOrEqual(4); // seeded once, not twice
    const open = branches.results.find(
      (x) =>
        x.opening_hours.length === 7 &&
        x.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
    )!;
    const category = (
      (await (await fetch(`${base(a)}/api/category-client`)).json()) as {
        results: { slug: string }[];
      }
    ).results[0]!;
    const card = (
      (await (await fetch(`${base(a)}/api/category/${category.slug}/${open.id}`)).json()) as {
        results: { products: { slug: string; available: boolean }[] };
      }
    ).results.products.find((p) => p.available)!;
    const product = productResponse.parse(
      await (await fetch(`${base(a)}/api/products/${card.slug}/${open.id}`)).json(),
    ).results;
    const item = {
      ...product,
      quantity: 1,
      modifier_group: product.modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o, i) => ({
          ...o,
          selected: g.required && i === 0,
        })),
      })),
    };

    const customer = openSocket(base(a), customerToken);
    const staff = openSocket(base(b), staffToken);
    sockets.push(customer, staff);
    await Promise.all([connected(customer), connected(staff)]);

    const heardOnB = next<{ id: number }>(staff, 'new-order');
    const answer = await confirmCart<ConfirmCartAnswer>(customer, {
      client_order_id: randomUUID(),
      branch_office: { id: open.id },
      payment: { id: 1 },
      form: { observation: '' },
      detail: [item],
      delivery: 2,
    });
    expect(answer.status, JSON.stringify(answer)).toBe(true);
    if (!answer.status) return;
    expect(answer.order.total).toBe(unitPrice(item));
    expect((await heardOnB).id).toBe(answer.order.id);

    const heardOnA = next<{ order_id: number; status: string }>(customer, 'order-status');
    const change = await fetch(`${base(b)}/api/staff/orders/${answer.order.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
      body: JSON.stringify({ status: 'accepted' }),
    });
    expect(change.status).toBe(200);
    expect(await heardOnA).toMatchObject({ order_id: answer.order.id, status: 'accepted' });
  });

  it("rings node B's board for a payment whose approval reached node A's webhook (decision 061)", async () => {
    // The customer and the staff are on node B; the provider's events go to node A only.
    const b = ports[1];
    const customerToken = await login(b, 'cliente@comanda.test');
    const staffToken = await login(b, 'staff@comanda.test');
    const open = await openAllDayBranch(b);
    const { item } = await cartAt(b, open.id);
    const customer = openSocket(base(b), customerToken);
    const staff = openSocket(base(b), staffToken);
    sockets.push(customer, staff);
    await Promise.all([connected(customer), connected(staff)]);

    const answer = await confirmCart<ConfirmCartAnswer>(customer, {
      client_order_id: randomUUID(),
      branch_office: { id: open.id },
      payment: { id: 4 },
      form: { observation: '' },
      detail: [item],
      delivery: 2,
    });
    expect(answer.status, JSON.stringify(answer)).toBe(true);
    if (!answer.status || !answer.payment) throw new Error('no payment to make');
    const rung = next<{ id: number }>(staff, 'new-order');
    await payAtCheckout(answer.payment.redirect_url, 'APPROVED');
    expect((await rung).id).toBe(answer.order.id);
    // The simulator sends the approval twice: the board rings on the first, and the second may
    // still be on its way; both are accepted (answered 200) by node A.
    const summary = await until(
      'both deliveries of the approval accepted',
      async () =>
        (await fetch(`${simulator.url}/_control/summary`).then((res) => res.json())) as {
          events: { accepted: number };
        },
      (read) => read.events.accepted >= 2,
      { everyMs: 50 },
    );
    expect(summary.events.accepted).toBeGreaterThanOrEqual(2);
  });

  it('takes a sold-out switch made on one node to storefronts and cached answers on the other', async () => {
    const [a, b] = ports;
    const staffToken = await login(b, 'staff@comanda.test');
    const branch = await openAllDayBranch(a);
    const { categorySlug, product } = await cartAt(a, branch.id);
    const categoryUrl = `${base(a)}/api/category/${categorySlug}/${branch.id}`;
    const before = await fetch(categoryUrl);
    const etag = before.headers.get('etag')!;
    await before.arrayBuffer();
    // The category page node A renders for that branch (npm test builds the storefront and its
    // server-side entry first): the product's card, from its name to the next card.
    const pageCard = async () => {
      const html = await (
        await fetch(`${base(a)}/category/${categorySlug}`, {
          headers: { cookie: `comanda_branch=${branch.id}` },
        })
      ).text();
      const at = html.indexOf(`>${product.title}<`);
      expect(at, 'the rendered page lists the product').toBeGreaterThan(0);
      return html.slice(at).split('<li')[0]!;
    };
    expect(await pageCard()).not.toContain('Agotado');

    const storefront = openSocket(base(a), null);
    sockets.push(storefront);
    await connected(storefront);
    const heard = next<{ branch_id: number; product_id: number; sold_out: boolean }>(
      storefront,
      'availability',
    );
    const res = await staffPut(b, staffToken, `/${branch.id}/products/${product.id}/availability`, {
      sold_out: true,
    });
    expect(res.status).toBe(200);
    expect(await heard).toEqual({ branch_id: branch.id, product_id: product.id, sold_out: true });

    // Node A's cached answer changed as soon as B published the switch, not 30 s later.
    const after = await fetch(categoryUrl, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const body = (await after.json()) as {
      results: { products: { id: number; available: boolean }[] };
    };
    expect(body.results.products.find((p) => p.id === product.id)!.available).toBe(false);
    // And so did the page it had rendered and kept.
    expect(await pageCard()).toContain('Agotado');

    await staffPut(b, staffToken, `/${branch.id}/products/${product.id}/availability`, {
      sold_out: false,
    });
  });

  it('refuses at placement through one node a pause made on the other, and takes orders at once after resuming', async () => {
    const [a, b] = ports;
    const staffToken = await login(a, 'staff@comanda.test');
    const customerToken = await login(b, 'cliente@comanda.test');
    const branch = await openAllDayBranch(b);
    const { item } = await cartAt(b, branch.id);
    const customer = openSocket(base(b), customerToken);
    sockets.push(customer);
    await connected(customer);
    const order = () => ({
      client_order_id: randomUUID(),
      branch_office: { id: branch.id },
      payment: { id: 1 },
      form: { observation: '' },
      detail: [item],
      delivery: 2,
    });
    // Node B remembers the branch for placement (a warm memo), then A pauses it.
    expect((await confirmCart<ConfirmCartAnswer>(customer, order())).status).toBe(true);
    expect((await staffPut(a, staffToken, `/${branch.id}/pause`, { minutes: 30 })).status).toBe(
      200,
    );

    const refused = await confirmCart<ConfirmCartAnswer>(customer, order());
    expect(refused.status).toBe(false);
    if (refused.status) return;
    expect(refused.errors.branch_office?.[0]).toMatch(
      new RegExp(
        `^${branch.title} no está recibiendo pedidos en este momento. Vuelve a intentarlo`,
      ),
    );
    const listed = (await (await fetch(`${base(b)}/api/branch-office`)).json()) as {
      results: { id: number; accepting_orders: boolean }[];
    };
    expect(listed.results.find((x) => x.id === branch.id)!.accepting_orders).toBe(false);

    expect((await staffPut(a, staffToken, `/${branch.id}/pause`, { minutes: 0 })).status).toBe(200);
    expect((await confirmCart<ConfirmCartAnswer>(customer, order())).status).toBe(true);
  });

  it('refuses through node B a line with an option sold out through node A, and marks it on B at once (decision 050)', async () => {
    const [a, b] = ports;
    const staffToken = await login(a, 'staff@comanda.test');
    const customerToken = await login(b, 'cliente@comanda.test');
    const branch = await openAllDayBranch(b);
    const productAtB = async () =>
      productResponse.parse(
        await (await fetch(`${base(b)}/api/products/hamburguesa-clasica/${branch.id}`)).json(),
      ).results;
    const product = await productAtB();
    const aguacate = product.modifier_group
      .flatMap((g) => g.modifiers_product)
      .find((o) => o.title === 'Aguacate')!;
    const item = {
      ...product,
      quantity: 1,
      modifier_group: product.modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o, i) => ({
          ...o,
          selected: o.id === aguacate.id || (g.required && i === 0),
        })),
      })),
    };
    const customer = openSocket(base(b), customerToken);
    sockets.push(customer);
    await connected(customer);
    const order = () => ({
      client_order_id: randomUUID(),
      branch_office: { id: branch.id },
      payment: { id: 1 },
      form: { observation: '' },
      detail: [item],
      delivery: 2,
    });
    // Node B has the branch's menu in memory (a placed order), then A sells the option out.
    expect((await confirmCart<ConfirmCartAnswer>(customer, order())).status).toBe(true);
    const path = `/${branch.id}/options/${aguacate.id}/availability`;
    expect((await staffPut(a, staffToken, path, { sold_out: true })).status).toBe(200);

    const refused = await confirmCart<ConfirmCartAnswer>(customer, order());
    expect(refused.status).toBe(false);
    if (refused.status) return;
    expect(refused.errors.detail).toEqual([
      CHECKOUT_MESSAGES.optionSoldOut('Aguacate', branch.title),
    ]);
    const marked = (await productAtB()).modifier_group
      .flatMap((g) => g.modifiers_product)
      .find((o) => o.id === aguacate.id)!;
    expect(marked.sold_out).toBe(true);

    expect((await staffPut(a, staffToken, path, { sold_out: false })).status).toBe(200);
    expect((await confirmCart<ConfirmCartAnswer>(customer, order())).status).toBe(true);
  });

  it('answers and charges on one node a price the back office changed through the other, the next moment', async () => {
    const [a, b] = ports;
    const adminToken = await login(a, 'admin@comanda.test');
    const customerToken = await login(b, 'cliente@comanda.test');
    const branch = await openAllDayBranch(b);
    const { product, item } = await cartAt(b, branch.id);
    const productUrl = `${base(b)}/api/products/${product.slug}/${branch.id}`;
    const before = await fetch(productUrl);
    const etag = before.headers.get('etag')!;
    await before.arrayBuffer();

    const storefront = openSocket(base(b), null);
    const customer = openSocket(base(b), customerToken);
    sockets.push(storefront, customer);
    await Promise.all([connected(storefront), connected(customer)]);
    const heard = next(storefront, 'catalog-changed');

    const admin = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
    const editable = (await (
      await fetch(`${base(a)}/api/admin/products/${product.id}`, {
        headers: { authorization: admin.authorization },
      })
    ).json()) as { results: AdminProduct };
    // The branch's own price (if any) gives way to the product's; the product and its priced
    // options (a priced size is the price) go up 1.000.
    const own = await fetch(`${base(a)}/api/admin/branches/${branch.id}/products/${product.id}`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ offered: true, price: null, sold_out: false }),
    });
    expect(own.status).toBe(200);
    const raised = {
      ...productUpdateBodyOf(editable.results),
      price: editable.results.price + 1000,
      modifier_group: productUpdateBodyOf(editable.results).modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o) => ({
          ...o,
          price: o.price > 0 ? o.price + 1000 : 0,
        })),
      })),
    };
    const saved = await fetch(`${base(a)}/api/admin/products/${product.id}`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify(raised),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await heard;

    // Node B's cached answer changed at once, and it prices the old cart with the new prices.
    const after = await fetch(productUrl, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const fresh = productResponse.parse(await after.json()).results;
    expect(fresh.price).toBe(editable.results.price + 1000);
    const freshItem = {
      ...fresh,
      quantity: 1,
      modifier_group: fresh.modifier_group.map((g, gi) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o, oi) => ({
          ...o,
          selected: item.modifier_group[gi]!.modifiers_product[oi]!.selected,
        })),
      })),
    };
    expect(unitPrice(freshItem)).not.toBe(unitPrice(item));
    const answer = await confirmCart<ConfirmCartAnswer>(customer, {
      client_order_id: randomUUID(),
      branch_office: { id: branch.id },
      payment: { id: 1 },
      form: { observation: '' },
      detail: [item],
      delivery: 2,
    });
    expect(answer.status, JSON.stringify(answer)).toBe(true);
    if (answer.status) expect(answer.order.total).toBe(unitPrice(freshItem));
  });

  it('refuses through node B a product whose daypart the back office closed through node A, and hides it there', async () => {
    const [a, b] = ports;
    const adminToken = await login(a, 'admin@comanda.test');
    const customerToken = await login(b, 'cliente@comanda.test');
    const branch = await openAllDayBranch(b);
    const { product, item } = await cartAt(b, branch.id);
    const storefront = openSocket(base(b), null);
    const customer = openSocket(base(b), customerToken);
    sockets.push(storefront, customer);
    await Promise.all([connected(storefront), connected(customer)]);
    const order = () => ({
      client_order_id: randomUUID(),
      branch_office: { id: branch.id },
      payment: { id: 1 },
      form: { observation: '' },
      detail: [item],
      delivery: 2,
    });
    const productUrl = `${base(b)}/api/products/${product.slug}/${branch.id}`;
    // Node B has the menu in memory (placement's snapshot, the cached answer) before the change.
    expect((await confirmCart<ConfirmCartAnswer>(customer, order())).status).toBe(true);
    expect((await fetch(productUrl)).status).toBe(200);

    const admin = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
    // Each save is heard on node B (its storefronts are told) before B is asked.
    const saveDayparts = async (dayparts: Daypart[]) => {
      const heard = next(storefront, 'catalog-changed');
      const editable = (await (
        await fetch(`${base(a)}/api/admin/products/${product.id}`, { headers: admin })
      ).json()) as { results: AdminProduct };
      const saved = await fetch(`${base(a)}/api/admin/products/${product.id}`, {
        method: 'PUT',
        headers: admin,
        body: JSON.stringify({ ...productUpdateBodyOf(editable.results), dayparts }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      await heard;
    };
    // Every day, a window that ended a minute ago.
    const clockIn = (minutes: number) => chainClock(new Date(Date.now() + minutes * 60_000));
    const ended = [{ days: [0, 1, 2, 3, 4, 5, 6], from: clockIn(-120), to: clockIn(-1) }];
    await saveDayparts(ended);

    const refused = await confirmCart<ConfirmCartAnswer>(customer, order());
    expect(refused.status).toBe(false);
    if (refused.status) return;
    expect(refused.errors.detail).toEqual([
      CHECKOUT_MESSAGES.outsideDaypart(product.title, describeDayparts(ended)),
    ]);
    expect((await fetch(productUrl)).status).toBe(404);

    await saveDayparts([]);
    expect((await fetch(productUrl)).status).toBe(200);
    expect((await confirmCart<ConfirmCartAnswer>(customer, order())).status).toBe(true);
  });

  it('closes a socket on one node when its session is logged out through the other', async () => {
    const [a, b] = ports;
    const token = await login(a, 'cliente@comanda.test');
    const other = await login(a, 'cliente@comanda.test');
    const onB = openSocket(base(b), token);
    const otherOnB = openSocket(base(b), other);
    sockets.push(onB, otherOnB);
    await Promise.all([connected(onB), connected(otherOnB)]);

    const closed = disconnected(onB);
    const logout = await fetch(`${base(a)}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(otherOnB.connected).toBe(true);
  });

  it('refuses through node B a slot filled through node A, and shows it full on both', async () => {
    const [a, b] = ports;
    const customerToken = await login(a, 'cliente@comanda.test');
    const adminToken = await login(b, 'admin@comanda.test');
    const branch = await openAllDayBranch(a);
    const capacity = await fetch(`${base(b)}/api/admin/branches/${branch.id}/capacity`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ orders_per_slot: 1 }),
    });
    expect(capacity.status).toBe(200);
    // Tomorrow at 20:00 on the chain's clock: open all day, far past any lead time.
    const tomorrow = addDays(chainToday(), 1);
    const slot = new Date(chainDayRange(tomorrow).start.getTime() + 20 * 3_600_000).toISOString();
    const { item } = await cartAt(a, branch.id);
    const onA = openSocket(base(a), customerToken);
    const onB = openSocket(base(b), customerToken);
    sockets.push(onA, onB);
    await Promise.all([connected(onA), connected(onB)]);
    const payload = () => ({
      client_order_id: randomUUID(),
      branch_office: { id: branch.id },
      payment: { id: 1 },
      form: { observation: '' },
      detail: [item],
      delivery: 2,
      scheduled_for: slot,
    });
    const first = await confirmCart<ConfirmCartAnswer>(onA, payload());
    expect(first.status, JSON.stringify(first)).toBe(true);
    const second = await confirmCart<ConfirmCartAnswer>(onB, payload());
    expect(second.status).toBe(false);
    if (!second.status) expect(second.errors.scheduled_for).toEqual([SCHEDULE_MESSAGES.slotFull]);
    for (const port of [a, b]) {
      const slots = (await (
        await fetch(`${base(port)}/api/branches/${branch.id}/slots?date=${tomorrow}`)
      ).json()) as { results: { start: string; full: boolean }[] };
      expect(slots.results.find((s) => s.start === slot)?.full).toBe(true);
    }
  });
});

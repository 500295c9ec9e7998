import {
  chainToday,
  describeChainTime,
  type AdminBranch,
  type Address,
  type AuthResponse,
  type Branch,
  type ConfirmCartAnswer,
  type PaymentType,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import {
  test as base,
  expect,
  expectNoAxeViolations,
  type APIRequestContext,
  type Page,
} from './base-test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { io } from 'socket.io-client';
import { demoPromotionsOff } from './demo-promotions';
import { uniquePhone } from './unique';

// The console specs pause branches, sell products out and restart the server: things that would
// upset the other specs sharing the config's server. Each worker gets a server of its own (fresh
// SQLite database, demo chain) on the config's port + 1 + its index, and the console specs talk to it.

export interface ConsoleServer {
  url: string;
  /** Stops the server and starts it again on the same database, as after a crash or a deploy. */
  restart: (whileDown?: () => Promise<void>) => Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The console test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The console test server did not get ready in time');
}

async function startServer(port: number, databaseDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // Only what the server needs: the node binary is given by path.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `${databaseDir}/comanda.db`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The embedded payment simulator's checkout, and every link the server writes, start here.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_GRACE_MS: '500',
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    },
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, child);
  await demoPromotionsOff(`http://127.0.0.1:${port}`);
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const test = base.extend<object, { consoleServer: ConsoleServer }>({
  consoleServer: [
    // Playwright reads the fixtures a function asks for from its first parameter: it must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const configured = workerInfo.project.use.baseURL;
      if (!configured) throw new Error('playwright.config.ts sets no baseURL');
      const port = Number(new URL(configured).port) + 1 + workerInfo.parallelIndex;
      const databaseDir = `test-results/e2e-console-db-${port}`;
      rmSync(databaseDir, { recursive: true, force: true });
      let child = await startServer(port, databaseDir);
      await provide({
        url: `http://127.0.0.1:${port}`,
        restart: async (whileDown) => {
          await stopServer(child);
          await whileDown?.();
          child = await startServer(port, databaseDir);
        },
      });
      await stopServer(child);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ consoleServer }, provide) => {
    await provide(consoleServer.url);
  },
});

export { expect, expectNoAxeViolations };

export const PASSWORD = 'comanda123';
/**
 * A little past the board's Deshacer window (UNDO_MS, 5 s, in the web app's
 * features/console/hooks/use-board-actions.ts): a page clock moved by it sends what waited.
 */
export const UNDO_PAST_MS = 5_500;
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function loginApi(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<AuthResponse> {
  const response = await request.post('/api/login', {
    data: { email_login: email, password_login: password },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as AuthResponse;
}

let sequence = 0;
export async function newCustomer(
  request: APIRequestContext,
  name = 'Laura Gómez',
): Promise<AuthResponse> {
  sequence += 1;
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${sequence}${Date.now()}`;
  const password = 'secreto-123';
  const response = await request.post('/api/register', {
    data: {
      name,
      email: `panel.${stamp}@comanda.test`,
      phone: uniquePhone(),
      password,
      password_confirmation: password,
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as AuthResponse;
}

export async function branchBySlug(request: APIRequestContext, slug: string): Promise<Branch> {
  const branches = (
    (await (await request.get('/api/branch-office')).json()) as { results: Branch[] }
  ).results;
  const branch = branches.find((b) => b.slug === slug);
  if (!branch) throw new Error(`The demo chain has no branch ${slug}`);
  return branch;
}

/**
 * Closes the branch for today (the chain's today) with an exception, through the admin API, on
 * this worker's server only (its tests run in turn). Answers the function that puts the branch's
 * exceptions back as they were, for the test's `finally`.
 */
export const closeBranchToday = (request: APIRequestContext, branch: Branch) =>
  exceptionToday(request, branch, { closed: true, ranges: [] });

/** Opens the branch all day today (whatever its hours), as closeBranchToday closes it. */
export const openBranchAllDayToday = (request: APIRequestContext, branch: Branch) =>
  exceptionToday(request, branch, { closed: false, ranges: [{ opens: '00:00', closes: '24:00' }] });

async function exceptionToday(
  request: APIRequestContext,
  branch: Branch,
  today: Omit<AdminBranch['exceptions'][number], 'date'>,
): Promise<() => Promise<void>> {
  const admin = await loginApi(request, 'admin@comanda.test');
  const url = `/api/admin/branches/${branch.id}`;
  const headers = bearer(admin.access_token);
  const before = ((await (await request.get(url, { headers })).json()) as { results: AdminBranch })
    .results.exceptions;
  const save = (exceptions: AdminBranch['exceptions']) =>
    request.put(`${url}/exceptions`, { headers, data: { exceptions } });
  const date = chainToday(new Date());
  const others = before.filter((exception) => exception.date !== date);
  expect((await save([...others, { date, ...today }])).ok()).toBe(true);
  return async () => {
    await save(before);
  };
}

/** Terminal 24h: the demo branch open at every hour, so orders can be placed whenever tests run. */
export const terminalBranch = (request: APIRequestContext) => branchBySlug(request, 'terminal-24h');

export async function paymentTypes(request: APIRequestContext): Promise<PaymentType[]> {
  return (
    (await (await request.get('/api/cart-type-payment')).json()) as { results: PaymentType[] }
  ).results;
}

/** A product as a cart line, with the first choice of each required group selected. */
export function asCartLine(product: Product, quantity = 1, id = 'line-1') {
  return {
    ...product,
    _id: id,
    quantity,
    total: product.price * quantity,
    modifier_group: product.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option, index) => ({
        ...option,
        selected: group.required && index === 0,
      })),
    })),
  };
}

export type CartLine = ReturnType<typeof asCartLine>;

/** A product of the branch as a cart line, with the first choice of each required group selected. */
export async function cartLine(
  request: APIRequestContext,
  branch: Branch,
  slug: string,
  quantity = 1,
  id = 'line-1',
) {
  const product = (
    (await (await request.get(`/api/products/${slug}/${branch.id}`)).json()) as { results: Product }
  ).results;
  return asCartLine(product, quantity, id);
}

/**
 * A neighbourhood the branch delivers to without a fee or a minimum (the demo's farther zones
 * have both): one product is an order there, and its total is the products'.
 */
export const freeZone = (branch: Branch): string | undefined =>
  branch.delivery.zones?.find((zone) => zone.fee === 0 && zone.min_order === 0)?.neighbourhood;

export async function saveAddress(
  request: APIRequestContext,
  customer: AuthResponse,
  branch: Branch,
  address = 'Cl. 24 #68-50 apto 302',
) {
  const neighbourhood = freeZone(branch);
  if (!neighbourhood) throw new Error(`${branch.title} delivers nowhere for free`);
  const response = await request.post('/api/addresses', {
    headers: bearer(customer.access_token),
    data: { label: 'Casa', address, neighbourhood, city: branch.city, notes: '' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: Address }).results;
}

interface OrderInput {
  branch: Branch;
  lines: CartLine[];
  observation?: string;
  delivery?: Address;
  paymentIndex?: number;
  /** A slot's start (ISO) to schedule for (product.md «Order ahead»). */
  scheduledFor?: string;
}

/**
 * `confirm-cart` over Socket.IO with the customer's token, as the storefront sends it; answers
 * the server's reply to this order (matched by its `client_order_id`).
 */
export async function sendConfirmCart(
  baseURL: string,
  customer: AuthResponse,
  order: Record<string, unknown> & { client_order_id: string },
): Promise<ConfirmCartAnswer> {
  const socket = io(baseURL, {
    path: '/socket.io',
    query: { token: customer.access_token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  try {
    return await new Promise<ConfirmCartAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no confirm-cart answer')), 10_000);
      socket.on('connect_error', reject);
      socket.on('confirm-cart', (reply: ConfirmCartAnswer) => {
        // A payload the server could not read is refused with no id: that one is ours too.
        if (reply.client_order_id !== null && reply.client_order_id !== order.client_order_id)
          return;
        clearTimeout(timer);
        resolve(reply);
      });
      socket.emit('confirm-cart', { ...order, user: customer.user });
    });
  } finally {
    socket.disconnect();
  }
}

/** Places an order the way the storefront does: `confirm-cart` over Socket.IO with the token. */
export async function placeOrder(
  baseURL: string,
  request: APIRequestContext,
  customer: AuthResponse,
  { branch, lines, observation = '', delivery, paymentIndex = 0, scheduledFor }: OrderInput,
): Promise<PlacedOrder> {
  const payment = (await paymentTypes(request))[paymentIndex];
  sequence += 1;
  const answer = await sendConfirmCart(baseURL, customer, {
    client_order_id: `panel-${Date.now()}-${process.pid}-${sequence}`,
    branch_office: branch,
    payment,
    form: { observation },
    detail: lines,
    delivery: delivery ? 'domicilio' : 2,
    type_delivery: delivery ? 2 : 1,
    address_id: delivery?.id ?? null,
    ...(scheduledFor ? { scheduled_for: scheduledFor } : {}),
  });
  if (!answer.status) throw new Error(`The order was refused: ${JSON.stringify(answer.errors)}`);
  return answer.order;
}

export async function readOrder(
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<PlacedOrder> {
  const response = await request.get(`/api/orders/${id}`, { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: PlacedOrder }).results;
}

/**
 * "a las 12:45", or "mañana a las 00:10" past midnight: a promised or resume time as the board
 * and the customer read it, as of `now` (the tests run at any hour).
 */
export const chainTimeText = (iso: string, now: string | Date = new Date()) =>
  describeChainTime(new Date(iso), new Date(now));

/**
 * `prefix` and the promised time as a screen that wrote it at some moment between `since` and now
 * reads: the words change when the chain's day ends in between ("mañana a las 00:18" at 23:59,
 * "a las 00:18" a minute later), so a test running across midnight accepts either.
 */
export function promiseText(prefix: string, promisedAt: string, since: string): RegExp {
  const texts = new Set(
    [since, new Date()].map((at) => `${prefix} ${chainTimeText(promisedAt, at)}`),
  );
  const escaped = [...texts].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('|'));
}

/** Logs into /panel through its form. */
export async function panelLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto('/panel');
  await page.getByLabel('Email o celular').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Puts a panel session (and its branch) on the device without going through the form. */
export async function seedPanelSession(page: Page, auth: AuthResponse, branchId: number | null) {
  await page.goto('/favicon.svg');
  await page.evaluate((state) => localStorage.setItem('comanda:panel', JSON.stringify(state)), {
    access_token: auth.access_token,
    user: { id: auth.user.id, name: auth.user.name, email: auth.user.email },
    branch_id: branchId,
  });
}

/** Opens the board of a branch as the all-branches demo staff. */
export async function openBoard(
  page: Page,
  request: APIRequestContext,
  branch: Branch,
  email = 'staff@comanda.test',
) {
  await seedPanelSession(page, await loginApi(request, email), branch.id);
  await page.goto('/panel');
  // Exactly: a card can say «Pagado en línea».
  await expect(page.getByText('En línea', { exact: true })).toBeVisible();
}

/** The board when its socket cannot connect: what it shows comes from the API alone. */
export async function openBoardWithoutSocket(
  page: Page,
  request: APIRequestContext,
  branch: Branch,
) {
  await seedPanelSession(page, await loginApi(request, 'staff@comanda.test'), branch.id);
  await page.goto('/panel');
  await expect(page.getByText('Sin conexión.')).toBeVisible({ timeout: 15_000 });
}

export const card = (page: Page, id: number) => page.locator(`article[data-order-id="${id}"]`);
export const column = (page: Page, key: 'new' | 'preparing' | 'ready' | 'on_the_way') =>
  page.locator(`section[data-column="${key}"]`);

/** Seeds the customer's storefront session (product.md «Entities» `storage`) with a branch and a cart. */
export async function seedCustomer(
  page: Page,
  customer: AuthResponse | null,
  branch: Branch,
  cart: unknown[] = [],
) {
  await page.goto('/favicon.svg');
  // As the storefront stores a chosen branch: in `storage`, mirrored in the cookie the server
  // renders its pages for (without it the first paint is the chain's menu, which the device's
  // own branch then replaces, moving what a tap was aimed at).
  await page
    .context()
    .addCookies([{ name: 'comanda_branch', value: String(branch.id), url: page.url() }]);
  await page.evaluate((state) => localStorage.setItem('storage', JSON.stringify(state)), {
    access_token: customer?.access_token ?? null,
    user: customer?.user ?? null,
    loggedIn: customer !== null,
    branch,
    delivery: 2,
    cart,
  });
}

/**
 * Closes every open order of the branch through the API, so a test that counts what waits on
 * the board starts from an empty one (tests of a worker share its server and run in turn).
 */
export async function clearBoard(request: APIRequestContext, branch: Branch) {
  const staff = await loginApi(request, 'staff@comanda.test');
  const open = (
    (await (
      await request.get(`/api/staff/orders?branch_id=${branch.id}&scope=open`, {
        headers: bearer(staff.access_token),
      })
    ).json()) as {
      results: PlacedOrder[];
    }
  ).results;
  const finish: Record<string, object> = {
    received: { status: 'rejected', reason: 'Prueba terminada' },
    accepted: { status: 'cancelled' },
    preparing: { status: 'cancelled' },
    ready: { status: 'delivered' },
    on_the_way: { status: 'delivered' },
  };
  for (const order of open) {
    const response = await request.post(`/api/staff/orders/${order.id}/status`, {
      headers: bearer(staff.access_token),
      data: finish[order.status],
    });
    expect(response.ok()).toBe(true);
  }
}

/** Counts the notes the board's alarm plays (each oscillator is one note of the chime). */
export async function countChimes(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as { __notes: number };
    counter.__notes = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counter.__notes += 1;
      return create.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __notes: number }).__notes);
}

/**
 * Full-page screenshots of a back-office screen at a laptop's and a phone's width, named
 * `test-results/screens/{name}-{width}.png`; the page is left at 1280×800.
 */
export async function screens(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

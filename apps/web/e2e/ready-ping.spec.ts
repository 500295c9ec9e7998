import type { AuthResponse, Branch, PlacedOrder } from '@comanda/shared';
import { PING_NOTES } from '../src/features/order-tracking/lib/ready-ping';
import {
  bearer,
  cartLine,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  placeOrder,
  saveAddress,
  seedCustomer,
  terminalBranch,
  test,
} from './console-support';
import type { APIRequestContext, Page } from './base-test';

// The customer's ready ping (product.md «Ready pings»): a sound, a buzz and a system notification
// when their order is ready or on its way, from any storefront tab. The browser's own
// Notification, navigator.vibrate and WebAudio are wrapped to record what the page asked of
// them: no test can hear a speaker or see the system's notification list.

interface Pings {
  notifications: { title: string; body?: string; tag?: string }[];
  vibrations: unknown[];
  notes: number;
  asked: number;
}

async function spyOnPings(page: Page) {
  await page.addInitScript(() => {
    const pings: Pings = { notifications: [], vibrations: [], notes: 0, asked: 0 };
    (window as unknown as { __pings: Pings }).__pings = pings;
    (window as unknown as { __shown: Notification[] }).__shown = [];
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        pings.notifications.push({ title, body: options?.body, tag: options?.tag });
        super(title, options);
        (window as unknown as { __shown: Notification[] }).__shown.push(this);
      }
      static override get permission() {
        return Real.permission;
      }
      static override requestPermission() {
        pings.asked += 1;
        return Real.requestPermission();
      }
    };
    const vibrate = Navigator.prototype.vibrate;
    Navigator.prototype.vibrate = function (this: Navigator, pattern: VibratePattern) {
      pings.vibrations.push(pattern);
      return vibrate.call(this, pattern as number[]);
    } as Navigator['vibrate'];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      pings.notes += 1;
      return create.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __pings: Pings }).__pings);
}

/** Resolves once the page's socket is connected (Socket.IO's CONNECT answer, "40"), to hear events. */
function socketLive(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

async function moveOrder(request: APIRequestContext, id: number, status: string) {
  const staff = await loginApi(request, 'staff@comanda.test');
  const response = await request.post(`/api/staff/orders/${id}/status`, {
    headers: bearer(staff.access_token),
    data: { status },
  });
  expect(response.ok()).toBe(true);
}

async function orderFor(
  baseURL: string,
  request: APIRequestContext,
  customer: AuthResponse,
  branch: Branch,
  delivery = false,
): Promise<PlacedOrder> {
  return placeOrder(baseURL, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
    ...(delivery ? { delivery: await saveAddress(request, customer, branch) } : {}),
  });
}

test('"Avisarme cuando esté listo" comes after ordering, never on a first visit', async ({
  page,
  request,
  baseURL,
}) => {
  const pings = await spyOnPings(page);
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  await seedCustomer(page, customer, branch);
  await page.goto('/');
  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await pings()).asked).toBe(0);
  await expect(page.getByRole('button', { name: 'Avisarme cuando esté listo' })).toHaveCount(0);

  const order = await orderFor(baseURL!, request, customer, branch);
  await page.goto(`/confirmacion?pedido=${order.id}`);
  await expect(page.getByRole('button', { name: 'Avisarme cuando esté listo' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ask-confirmation-360.png') });

  await page.goto(`/pedidos/${order.id}`);
  const ask = page.getByRole('button', { name: 'Avisarme cuando esté listo' });
  await expect(ask).toBeVisible();
  expect((await pings()).asked).toBe(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('ask-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('ask-desktop.png'), fullPage: true });

  await ask.click();
  await expect.poll(async () => (await pings()).asked).toBe(1);
  // This browser context answers "no" by itself (nothing was granted): the page says so.
  await expect(page.getByTestId('ready-alerts')).toContainText(
    'Los avisos están bloqueados en este navegador.',
  );
  await page.screenshot({ path: test.info().outputPath('denied-desktop.png') });
});

test('ready and on its way ping once on the order page, and on a tab at /menu', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const order = await orderFor(baseURL!, request, customer, branch, true);
  await moveOrder(request, order.id, 'accepted');

  const pings = await spyOnPings(page);
  await seedCustomer(page, customer, branch);
  const pageLive = socketLive(page);
  await page.goto(`/pedidos/${order.id}`);
  await expect(page.getByTestId('ready-alerts')).toHaveText(
    'Te avisaremos en este dispositivo cuando tu pedido esté listo.',
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('granted-360.png'), fullPage: true });

  const menu = await context.newPage();
  const menuPings = await spyOnPings(menu);
  const menuLive = socketLive(menu);
  await menu.goto('/menu');
  await expect(menu.getByRole('heading', { level: 1 })).toBeVisible();
  // The socket comes after the page has loaded: the tabs hear events once it is connected.
  await Promise.all([pageLive, menuLive]);

  await moveOrder(request, order.id, 'ready');
  const ready = {
    title: `Tu pedido #${order.id} está listo`,
    body: `${branch.title} lo tiene listo para salir hacia ti.`,
    tag: `pedido-${order.id}`,
  };
  for (const spy of [pings, menuPings]) {
    await expect.poll(async () => (await spy()).notifications).toEqual([ready]);
    await expect.poll(async () => (await spy()).notes).toBe(PING_NOTES.length);
    expect((await spy()).vibrations).toHaveLength(1);
  }
  await expect(page.getByTestId('order-status')).toHaveText('Listo');

  await moveOrder(request, order.id, 'on_the_way');
  const onTheWay = {
    title: `Tu pedido #${order.id} va en camino`,
    body: `Sale de ${branch.title} hacia tu dirección.`,
    tag: `pedido-${order.id}`,
  };
  for (const spy of [pings, menuPings]) {
    await expect.poll(async () => (await spy()).notifications).toEqual([ready, onTheWay]);
    await expect.poll(async () => (await spy()).notes).toBe(2 * PING_NOTES.length);
    expect((await spy()).vibrations).toHaveLength(2);
  }
  // Nothing more to ask for: the order is out.
  await expect(page.getByTestId('order-status')).toHaveText('En camino');
  await expect(page.getByTestId('ready-alerts')).toHaveCount(0);
  expect((await pings()).asked + (await menuPings()).asked).toBe(0);

  // A click on the notification brings its tab to the order.
  await menu.evaluate(() => {
    const shown = (window as unknown as { __shown: Notification[] }).__shown;
    shown.at(-1)?.dispatchEvent(new Event('click'));
  });
  await expect(menu).toHaveURL(`/pedidos/${order.id}`);
  await expect(menu.getByTestId('order-status')).toHaveText('En camino');
});

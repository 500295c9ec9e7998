import type { AuthResponse, PlacedOrder } from '@comanda/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  card,
  cartLine,
  clearBoard,
  column,
  expect,
  expectNoAxeViolations,
  newCustomer,
  openBoard,
  placeOrder,
  readOrder,
  terminalBranch,
  test,
  UNDO_PAST_MS,
} from './console-support';

// Nuevos at a rush on a 10" tablet in landscape: several new orders accepted with one tap and
// one promise (Seleccionar varios), Deshacer for the whole batch, and a Deshacer window that a
// reload does not lose: what was tapped happens once, never twice, never not at all.

test.use({ viewport: { width: 1024, height: 768 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`) });

const inColumn = (page: Page, key: 'new' | 'preparing', id: number) =>
  column(page, key).locator(`article[data-order-id="${id}"]`);

/** How many times the order went through Aceptado: its history says each step once. */
const acceptances = (order: PlacedOrder) =>
  order.history.filter((step) => step.status === 'accepted').length;

/** An empty board at the always-open branch, then `count` new orders of one new customer. */
async function newOrders(request: APIRequestContext, baseURL: string, count: number) {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const customer: AuthResponse = await newCustomer(request);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const orders: PlacedOrder[] = [];
  for (let index = 0; index < count; index += 1)
    orders.push(await placeOrder(baseURL, request, customer, { branch, lines }));
  return { branch, customer, orders };
}

async function chooseAndAccept(page: Page, orders: readonly PlacedOrder[]) {
  for (const order of orders)
    await card(page, order.id)
      .getByRole('checkbox', { name: `Elegir pedido #${order.id}` })
      .check();
  const bar = page.getByRole('group', { name: 'Pedidos seleccionados' });
  await expect(bar).toContainText(`${orders.length} elegidos`);
  await bar.getByRole('button', { name: `Aceptar ${orders.length}` }).click();
  const sheet = page.getByRole('dialog', { name: `Aceptar ${orders.length} pedidos` });
  await expect(sheet).toContainText(orders.map((order) => `#${order.id}`).join(', '));
  return sheet;
}

test('Seleccionar varios accepts 3 of 5 new orders with one promise; Deshacer takes back the whole batch', async ({
  page,
  request,
  baseURL,
}) => {
  const { branch, customer, orders } = await newOrders(request, baseURL!, 5);
  const chosen = [orders[0]!, orders[2]!, orders[4]!];
  const left = [orders[1]!, orders[3]!];

  await page.clock.install();
  await openBoard(page, request, branch);
  await page.getByRole('button', { name: 'Seleccionar varios' }).click();
  let sheet = await chooseAndAccept(page, chosen);
  await shot(page, 'batch-sheet-1024x768');
  await sheet.getByRole('button', { name: '30 min' }).click();

  // The three move on together, the two others stay, and one Deshacer is for all three.
  for (const order of chosen) await expect(inColumn(page, 'preparing', order.id)).toBeVisible();
  for (const order of left) await expect(inColumn(page, 'new', order.id)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'aceptados (30 min)' })).toContainText(
    `Pedidos #${chosen[0]!.id}, #${chosen[1]!.id} y #${chosen[2]!.id}`,
  );
  await shot(page, 'batch-undo-1024x768');
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await page.clock.fastForward(UNDO_PAST_MS);
  for (const order of chosen) {
    await expect(inColumn(page, 'new', order.id)).toBeVisible();
    expect((await readOrder(request, customer.access_token, order.id)).status).toBe('received');
  }

  // Again, and let it go: each of the three is accepted once, all with the same 30 minutes.
  sheet = await chooseAndAccept(page, chosen);
  await sheet.getByRole('button', { name: '30 min' }).click();
  await page.clock.fastForward(UNDO_PAST_MS);
  for (const order of chosen)
    await expect
      .poll(async () => (await readOrder(request, customer.access_token, order.id)).status)
      .toBe('accepted');
  for (const order of chosen) {
    const now = await readOrder(request, customer.access_token, order.id);
    expect(acceptances(now)).toBe(1);
    const minutes = (Date.parse(now.promised_at!) - Date.parse(now.accepted_at!)) / 60_000;
    expect(minutes).toBe(30);
  }
  for (const order of left)
    expect((await readOrder(request, customer.access_token, order.id)).status).toBe('received');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'batch-done-1024x768');
  await page.getByRole('button', { name: 'Terminar' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await clearBoard(request, branch);
});

test('a reload inside the Deshacer window keeps it: the rest of the window, then sent exactly once; or undone', async ({
  page,
  request,
  baseURL,
}) => {
  const { branch, customer, orders } = await newOrders(request, baseURL!, 2);
  const [kept, undone] = orders as [PlacedOrder, PlacedOrder];

  await page.clock.install();
  await openBoard(page, request, branch);
  await card(page, kept.id).getByRole('button', { name: 'Aceptar' }).click();
  await page
    .getByRole('dialog', { name: `Aceptar pedido #${kept.id}` })
    .getByRole('button', {
      name: '45 min',
    })
    .click();
  await expect(inColumn(page, 'preparing', kept.id)).toBeVisible();
  await page.clock.fastForward(2_000);
  await page.reload();

  // After the reload: still waiting, still undoable, shown where it was going.
  await expect(page.getByRole('button', { name: 'Deshacer' })).toBeVisible();
  await expect(inColumn(page, 'preparing', kept.id)).toBeVisible();
  await shot(page, 'reload-undo-1024x768');
  expect((await readOrder(request, customer.access_token, kept.id)).status).toBe('received');
  // What was left of the window (3 s of 5), then sent once.
  await page.clock.fastForward(UNDO_PAST_MS - 2_000);
  await expect
    .poll(async () => (await readOrder(request, customer.access_token, kept.id)).status)
    .toBe('accepted');
  await expect(page.getByRole('button', { name: 'Deshacer' })).toHaveCount(0);
  // Another reload finds nothing left to send: accepted once, with the 45 minutes.
  await page.reload();
  await expect(inColumn(page, 'preparing', kept.id)).toBeVisible();
  await page.clock.fastForward(UNDO_PAST_MS);
  const accepted = await readOrder(request, customer.access_token, kept.id);
  expect(acceptances(accepted)).toBe(1);
  expect((Date.parse(accepted.promised_at!) - Date.parse(accepted.accepted_at!)) / 60_000).toBe(45);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Rechazar, reload inside the window, Deshacer: nothing ever reaches the server.
  await card(page, undone.id).getByRole('button', { name: 'Rechazar' }).click();
  await page
    .getByRole('dialog', { name: `Rechazar pedido #${undone.id}` })
    .getByRole('button', { name: 'Cocina saturada' })
    .click();
  await expect(card(page, undone.id)).toContainText('Rechazado en unos segundos');
  await page.reload();
  await expect(card(page, undone.id)).toContainText('Rechazado en unos segundos');
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await page.clock.fastForward(UNDO_PAST_MS);
  await page.reload();
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(inColumn(page, 'new', undone.id)).toBeVisible();
  await expect(card(page, undone.id).getByRole('button', { name: 'Aceptar' })).toBeVisible();
  expect((await readOrder(request, customer.access_token, undone.id)).status).toBe('received');
  await clearBoard(request, branch);
});

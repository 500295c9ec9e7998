import type { AuthResponse, Branch, PlacedOrder } from '@comanda/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bearer,
  card,
  cartLine,
  clearBoard,
  column,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  openBoard,
  placeOrder,
  readOrder,
  saveAddress,
  seedCustomer,
  terminalBranch,
  test,
  UNDO_PAST_MS,
} from './console-support';

// The board at a real counter: a rush of forty open orders on a 10" tablet in landscape, the
// compact view, the all-day count, cancelling with Deshacer and recalling a bumped order.

/** The screens a cook looks at, kept with the test's results. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`) });
const COLUMNS = ['new', 'preparing', 'ready', 'on_the_way'] as const;

async function move(request: APIRequestContext, id: number, data: object) {
  const staff = await loginApi(request, 'staff@comanda.test');
  const response = await request.post(`/api/staff/orders/${id}/status`, {
    headers: bearer(staff.access_token),
    data,
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: PlacedOrder }).results;
}

/** 40 open orders: 24 new, 8 in the kitchen, 5 ready, 3 on their way (the customer limit is 10 a minute each). */
async function rush(request: APIRequestContext, baseURL: string, branch: Branch) {
  const customers: AuthResponse[] = [];
  for (let index = 0; index < 6; index += 1)
    customers.push(await newCustomer(request, `Cliente ${index + 1}`));
  const burger = await cartLine(request, branch, 'hamburguesa-clasica', 2, 'a');
  const pizza = await cartLine(request, branch, 'pizza-hawaiana', 1, 'b');
  const address = await saveAddress(request, customers[5]!, branch);
  const orders: PlacedOrder[] = [];
  for (let index = 0; index < 40; index += 1) {
    const customer = customers[index % 5]!;
    const delivery = index >= 37 ? { delivery: address } : {};
    orders.push(
      await placeOrder(baseURL, request, index >= 37 ? customers[5]! : customer, {
        branch,
        lines: index % 3 === 0 ? [burger, pizza] : [burger],
        ...delivery,
      }),
    );
  }
  for (const order of orders.slice(24, 32)) await move(request, order.id, { status: 'accepted' });
  for (const order of orders.slice(32)) {
    await move(request, order.id, { status: 'accepted' });
    await move(request, order.id, { status: 'ready' });
  }
  for (const order of orders.slice(37)) await move(request, order.id, { status: 'on_the_way' });
  return orders;
}

/** The visible columns' boxes: none may overlap another, none may be wider than its share. */
async function expectColumnsApart(page: Page) {
  const boxes = [];
  for (const key of COLUMNS) {
    const section = column(page, key);
    if (!(await section.isVisible())) continue;
    const box = (await section.boundingBox())!;
    boxes.push(box);
    // Nothing inside pushes a column wider than itself (a long "Demorado" pill did).
    const overflow = await section.evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow, `${key} overflows sideways`).toBeLessThanOrEqual(0);
  }
  expect(boxes.length).toBeGreaterThan(0);
  for (let a = 0; a < boxes.length; a += 1)
    for (let b = a + 1; b < boxes.length; b += 1) {
      const [left, right] = [boxes[a]!, boxes[b]!];
      expect(left.x + left.width, `columns ${a} and ${b} overlap`).toBeLessThanOrEqual(
        right.x + 0.5,
      );
    }
  const width = page.viewportSize()!.width;
  for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
}

test('a 40-order rush fits a 1024×768 tablet: columns apart, each scrolling under its heading, the band on screen', async ({
  page,
  request,
  baseURL,
}) => {
  // Forty orders placed over sockets, then nine widths: minutes on the shared 2-core machine.
  test.setTimeout(360_000);
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const orders = await rush(request, baseURL!, branch);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openBoard(page, request, branch);
  await expect(column(page, 'new').locator('article')).toHaveCount(24);
  await expect(column(page, 'preparing').locator('article')).toHaveCount(8);
  await expect(page.getByRole('heading', { name: 'Nuevos 24' })).toBeVisible();
  await expectColumnsApart(page);

  // The all-day strip: 2 burgers in each of the 8 accepted orders still to make, a pizza in every
  // third order placed; the 24 nobody has accepted are not the kitchen's yet.
  const toMake = orders.slice(24, 32);
  const pizzas = toMake.filter((_, index) => (24 + index) % 3 === 0).length;
  const strip = page.getByRole('region', { name: 'Por preparar' });
  await expect(strip.getByRole('listitem')).toHaveText([
    `${toMake.length * 2}× Hamburguesa Clásica`,
    `${pizzas}× Pizza Hawaiana`,
  ]);

  const band = page.getByTestId('alarm');
  for (const key of COLUMNS) {
    const section = column(page, key);
    await section.evaluate((node) => node.scrollTo(0, node.scrollHeight));
    const heading = section.getByRole('heading', { level: 2 });
    await expect(heading).toBeInViewport();
    const [headingBox, sectionBox] = [
      (await heading.boundingBox())!,
      (await section.boundingBox())!,
    ];
    expect(headingBox.y).toBeGreaterThanOrEqual(sectionBox.y - 0.5);
    expect(headingBox.y).toBeLessThan(sectionBox.y + 10);
  }
  // The page itself never scrolled: the band is where it was, on screen.
  await expect(band).toBeInViewport();
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
  await shot(page, 'board-1024x768-cards');
  await expectNoAxeViolations(page);

  // Compact, remembered on this device: one line per order, its next action on it.
  await page.getByRole('button', { name: 'Compacta' }).click();
  const row = card(page, orders[0]!.id);
  await expect(row.getByRole('button', { name: 'Aceptar' })).toBeVisible();
  await expect(row).toContainText('Rec.');
  await expect(row).toContainText(orders[0]!.detail.length === 2 ? '3 unds.' : '2 unds.');
  await expectColumnsApart(page);
  await shot(page, 'board-1024x768-compact');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Compacta' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Its number opens the whole card, and closes it again.
  await card(page, orders[0]!.id)
    .getByRole('button', { name: `#${orders[0]!.id}` })
    .click();
  await expect(card(page, orders[0]!.id).getByRole('button', { name: 'Rechazar' })).toBeVisible();

  for (const width of [360, 390, 600, 768, 900, 1024, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: width < 900 ? 800 : 768 });
    await expectColumnsApart(page);
    await expect(band).toBeInViewport();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Tarjetas' }).click();
  await shot(page, 'board-1280x800-cards');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'board-390-cards');
  await page.getByRole('button', { name: 'Compacta' }).click();
  await shot(page, 'board-390-compact');
});

test('Cancelar after accepting asks why, offers Deshacer for 5 s, then the customer reads it live; Recuperar brings back a bumped order', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const customer = await newCustomer(request);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const order = await placeOrder(baseURL!, request, customer, { branch, lines });
  const done = await placeOrder(baseURL!, request, customer, { branch, lines });
  await move(request, order.id, { status: 'accepted' });
  await move(request, done.id, { status: 'accepted' });
  await move(request, done.id, { status: 'ready' });

  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(phone, customer, branch);
  await phone.goto(`/confirmacion?pedido=${order.id}`);
  await expect(phone.getByTestId('order-status')).toHaveText('Aceptado');

  await page.setViewportSize({ width: 1024, height: 768 });
  // Deshacer's 5 s run on the page's timers: a fake clock, flowing with real time until moved.
  await page.clock.install();
  await openBoard(page, request, branch);
  await card(page, order.id).getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancelar pedido #${order.id}` });
  // A pickup has no courier to fail: its reasons are a pickup's.
  await expect(dialog.getByRole('button', { name: 'El domiciliario no llegó' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'El cliente no vino a recogerlo' }).click();
  // Deshacer: nothing was sent.
  await expect(page.getByRole('button', { name: 'Deshacer' })).toBeVisible();
  await expect(card(page, order.id)).toContainText('Cancelado en unos segundos');
  await page.getByRole('button', { name: 'Deshacer' }).click();
  // Past the 5 s: had Deshacer not stopped it, the cancellation would be sent now.
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(card(page, order.id)).not.toContainText('Cancelado en unos segundos');
  expect((await readOrder(request, customer.access_token, order.id)).status).toBe('accepted');
  await expect(
    column(page, 'preparing').locator(`article[data-order-id="${order.id}"]`),
  ).toBeVisible();

  // Again, and let it go: the customer's page says so at once, with the reason.
  await card(page, order.id).getByRole('button', { name: 'Cancelar' }).click();
  await dialog.getByRole('button', { name: 'El cliente no vino a recogerlo' }).click();
  await shot(page, 'board-1024x768-deshacer');
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(phone.getByTestId('order-status')).toHaveText('Cancelado');
  await expect(phone.getByTestId('order-rejection')).toContainText(
    'Motivo: El cliente no vino a recogerlo',
  );
  await expect(card(page, order.id)).toHaveCount(0);
  await phone.close();
  await expectNoAxeViolations(page);

  // Bumped to Entregado by mistake: Recuperar puts it back in Listos.
  await card(page, done.id).getByRole('button', { name: 'Entregado' }).click();
  await expect(card(page, done.id)).toHaveCount(0);
  await page.getByRole('button', { name: `Recuperar #${done.id}` }).click();
  await expect(column(page, 'ready').locator(`article[data-order-id="${done.id}"]`)).toBeVisible();
  await expect
    .poll(async () => (await readOrder(request, customer.access_token, done.id)).status)
    .toBe('ready');
  await clearBoard(request, branch);
});

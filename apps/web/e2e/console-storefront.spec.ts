import { CHECKOUT_MESSAGES } from '@comanda/shared';
import {
  cartLine,
  chainTimeText,
  expect,
  expectNoAxeViolations,
  newCustomer,
  openBoard,
  paymentTypes,
  placeOrder,
  readOrder,
  seedCustomer,
  terminalBranch,
  test,
  UNDO_PAST_MS,
} from './console-support';

// The branch's switches reach open storefronts live (the `availability` and `branch-status`
// events on the storefront's socket, anonymous or not) and placement enforces them.

test('a sold-out switch greys the product on an open category page, and the cart holding it is told', async ({
  page,
  request,
  browser,
}) => {
  const branch = await terminalBranch(request);
  const line = await cartLine(request, branch, 'hamburguesa-clasica');

  // A customer, not logged in, on the burgers page with the product in the cart.
  const shop = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(shop, null, branch, [line]);
  await shop.goto('/category/hamburguesas');
  const product = shop.getByRole('link', { name: /^Hamburguesa Clásica/ });
  await expect(product).toBeVisible();
  await shop.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  await page.setViewportSize({ width: 1280, height: 800 });
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Controles' }).click();
  await page.getByLabel('Buscar producto').fill('clasica');
  const soldOut = page.getByRole('switch', { name: 'Agotado: Hamburguesa Clásica' });
  await expect(soldOut).toHaveAttribute('aria-checked', 'false');
  await expectNoAxeViolations(page);
  await soldOut.click();
  await expect(soldOut).toHaveAttribute('aria-checked', 'true');

  // The open page changed without a reload.
  const card = shop
    .getByRole('listitem')
    .filter({ has: shop.getByRole('heading', { name: 'Hamburguesa Clásica', exact: true }) });
  await expect(card.getByText('Agotado')).toBeVisible();
  await expect(product).toHaveCount(0);
  expect(await shop.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  const notice = shop.getByRole('status').filter({ hasText: 'Quitar lo no disponible' });
  await expect(notice).toContainText(`1 producto no disponible en ${branch.title}`);
  await expect(notice).toContainText('Hamburguesa Clásica');

  // And back.
  await soldOut.click();
  await expect(soldOut).toHaveAttribute('aria-checked', 'false');
  await expect(product).toBeVisible();
  await shop.close();
});

test('a pause: the storefront shows when the branch resumes, checkout refuses with that message, Reanudar reopens', async ({
  page,
  request,
  browser,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const [payment] = await paymentTypes(request);
  if (!payment) throw new Error('No payment types');

  const shop = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(shop, customer, branch, [
    await cartLine(request, branch, 'hamburguesa-clasica'),
  ]);
  await shop.goto('/opciones-de-pago');
  await shop.getByRole('radio', { name: payment.parameter.description }).check();
  const badge = shop.locator('#checkout-branch [data-open]');
  await expect(badge).toHaveText('Abierto 24 horas');

  await page.setViewportSize({ width: 1280, height: 800 });
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Controles' }).click();
  await page.getByRole('button', { name: 'Pausar 15 min' }).click();
  const state = page.getByRole('status').filter({ hasText: 'Pedidos en pausa' });
  await expect(state).toBeVisible();
  const when = chainTimeText(await branchResumesAt(request, branch.id));
  await expect(state).toHaveText(`Pedidos en pausa · se reanudan ${when}`);
  // Every panel screen says so, with a way back.
  await expect(page.getByText(`Pedidos en pausa · se reanudan ${when}.`)).toBeVisible();

  // The open checkout heard it…
  await expect(badge).toHaveText(`No recibe pedidos · vuelve ${when}`);
  // …and placing is refused with the branch's message.
  await shop.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    shop.getByRole('region', { name: 'Total del pedido' }).getByRole('alert'),
  ).toContainText(CHECKOUT_MESSAGES.branchPaused(branch.title, when));
  await expect(shop).toHaveURL(/\/opciones-de-pago$/);

  // The header's branch list shows it too.
  await shop.getByRole('button', { name: /elegir sede/ }).click();
  const listed = shop
    .getByRole('dialog', { name: 'Elige una sede' })
    .getByRole('button', { name: new RegExp(`^${branch.title}`) });
  await expect(listed).toContainText(`No recibe pedidos · vuelve ${when}`);

  await page.getByRole('button', { name: 'Reanudar pedidos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recibiendo pedidos' })).toBeVisible();
  // It reopens on the open list, live.
  await expect(listed).toContainText('Abierto 24 horas');
  await shop.close();
});

async function branchResumesAt(
  request: Parameters<typeof terminalBranch>[0],
  id: number,
): Promise<string> {
  const branches = (
    (await (await request.get('/api/branch-office')).json()) as {
      results: { id: number; resumes_at: string | null }[];
    }
  ).results;
  const resumes = branches.find((candidate) => candidate.id === id)?.resumes_at;
  if (!resumes) throw new Error('The branch is not paused');
  return resumes;
}

test('Alta demanda adds its minutes to the promise, and shows on every screen while on', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Controles' }).click();
  await page.getByRole('button', { name: '+15 min' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Activa: +15 min en cada pedido' }),
  ).toBeVisible();
  await expect(page.getByText('Alta demanda: +15 min en cada pedido.')).toBeVisible();

  await page.getByRole('link', { name: 'Pedidos' }).click();
  await page
    .locator(`article[data-order-id="${order.id}"]`)
    .getByRole('button', { name: 'Aceptar' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Aceptar pedido #${order.id}` });
  await expect(dialog).toContainText('Alta demanda: se suman 15 min a la hora que ve el cliente.');
  await dialog.getByRole('button', { name: '20 min', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect
    .poll(async () => (await readOrder(request, customer.access_token, order.id)).status)
    .toBe('accepted');
  const accepted = await readOrder(request, customer.access_token, order.id);
  expect(Date.parse(accepted.promised_at!) - Date.parse(accepted.accepted_at!)).toBe(35 * 60_000);

  await page.getByRole('link', { name: 'Controles' }).click();
  await page.getByRole('button', { name: 'Apagar alta demanda' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Apagada' })).toBeVisible();
  await expect(page.getByText('Alta demanda: +15 min en cada pedido.')).toHaveCount(0);
});

import { formatMoney, type PlacedOrder } from '@comanda/shared';
import type { Browser, Page } from '@playwright/test';
import {
  card,
  cartLine,
  expect,
  expectNoAxeViolations,
  newCustomer,
  openBoard,
  seedCustomer,
  terminalBranch,
  test,
  UNDO_PAST_MS,
} from './console-support';

// Taking the money (decision 061), as a customer on a phone and a branch at its counter: pay with
// the payment simulator and the board rings; a declined payment switched to cash with
// «¿Con cuánto pagas?»; a paid order the branch rejects shows its refund on the customer's page.

const ONLINE = 'Pago en línea: tarjeta, PSE o Nequi';

// Two screens, a trip to the provider's checkout and back, and an accessibility check at each
// stop: more than the default budget on the 2-core CI machine.
test.describe.configure({ timeout: 150_000 });

type Request = Parameters<typeof terminalBranch>[0];

/**
 * The 24 h branch's board open at the counter's size, then a customer's phone on its checkout
 * with one burger in the cart. The phone opens last and stays in front: a page behind another
 * is not painted, and the storefront asks for its code once it is (decision 056).
 */
async function boardThenPhone(board: Page, request: Request, browser: Browser) {
  const branch = await terminalBranch(request);
  await board.setViewportSize({ width: 1024, height: 768 });
  // The board's Deshacer runs on its timers: a fake clock (flowing with real time until moved).
  await board.clock.install();
  await openBoard(board, request, branch);
  const customer = await newCustomer(request);
  // A context of its own, as a phone is: the accessibility checks need one.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const shop = await phone.newPage();
  await seedCustomer(shop, customer, branch, [
    await cartLine(request, branch, 'hamburguesa-clasica', 2),
  ]);
  await shop.goto('/opciones-de-pago');
  await expect(shop.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return shop;
}

/** Chooses the method paid online, continues, and lands on the provider's (simulator's) checkout. */
async function toTheCheckout(shop: Page) {
  const method = shop.getByRole('radio', { name: new RegExp(ONLINE) });
  await method.check();
  await expect(shop.getByText('Pago de prueba', { exact: true })).toBeVisible();
  await expect(
    shop.getByText('Al continuar te llevamos a la pasarela de pagos para pagar tu pedido.'),
  ).toBeVisible();
  await shop.getByRole('button', { name: 'Continuar' }).click();
  await shop.waitForURL(/\/simulador-de-pagos\/p\//);
  await expect(
    shop.getByText('Pago de prueba: simulador de la pasarela, no se cobra dinero real.'),
  ).toBeVisible();
}

const orderIdOf = (shop: Page) => Number(new URL(shop.url()).pathname.split('/').pop());

test('pays online with the simulator and the board rings, marked paid', async ({
  page,
  request,
  browser,
}) => {
  const shop = await boardThenPhone(page, request, browser);

  await expectNoAxeViolations(shop);
  await toTheCheckout(shop);
  await expectNoAxeViolations(shop);
  await shop.getByRole('button', { name: 'Aprobar' }).click();

  await shop.waitForURL(/\/pedidos\/\d+$/);
  await expect(shop.getByRole('heading', { name: 'Pago aprobado' })).toBeVisible();
  await expect(shop.getByTestId('order-status')).toHaveText('Recibido');
  await expectNoAxeViolations(shop);

  const paid = card(page, orderIdOf(shop));
  await expect(paid).toBeVisible();
  await expect(paid.getByText('Pagado en línea')).toBeVisible();
  await expect(paid.getByText('No cobrar')).toBeVisible();
  await expect(page.getByText(/pedidos? nuevos? sin responder/)).toBeVisible();
  await shop.context().close();
});

test('a declined payment switches to cash with «¿Con cuánto pagas?», and the courier knows the change', async ({
  page,
  request,
  browser,
}) => {
  const shop = await boardThenPhone(page, request, browser);
  await toTheCheckout(shop);
  await shop.getByRole('button', { name: 'Rechazar' }).click();

  await shop.waitForURL(/\/pedidos\/\d+$/);
  await expect(shop.getByRole('heading', { name: 'Tu pago fue rechazado' })).toBeVisible();
  await expect(shop.getByTestId('order-status')).toHaveText('Esperando pago');
  await expectNoAxeViolations(shop);
  const id = orderIdOf(shop);
  await expect(card(page, id)).toHaveCount(0);

  await shop.getByRole('button', { name: 'Pagar al recibir' }).click();
  await shop.getByRole('radio', { name: 'Efectivo' }).check();
  const payWith = shop.getByLabel('¿Con cuánto pagas?');
  await expect(payWith).toBeVisible();
  await expectNoAxeViolations(shop);
  const order = await shop.evaluate(async (orderId) => {
    const token = (JSON.parse(localStorage.getItem('storage') ?? '{}') as { access_token: string })
      .access_token;
    const answer = await fetch(`/api/orders/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { results: PlacedOrder }).results;
  }, id);
  // One tap on the first round amount above the total.
  const suggestion = shop
    .getByRole('group', { name: 'Valores sugeridos' })
    .getByRole('button')
    .first();
  const given = Number((await suggestion.textContent())!.replace(/\D/g, ''));
  await suggestion.click();
  await shop.getByRole('button', { name: 'Enviar mi pedido a la sede' }).click();

  await expect(shop.getByTestId('order-status')).toHaveText('Recibido');
  const change = `con ${formatMoney(given)} · cambio ${formatMoney(given - order.total)}`;
  await expect(shop.getByText(`Pagas ${change}`)).toBeVisible();
  const atTheCounter = card(page, id);
  await expect(atTheCounter).toBeVisible();
  await expect(atTheCounter.getByText(`Paga ${change}`)).toBeVisible();
  await expect(atTheCounter.getByText('Pagado en línea')).toHaveCount(0);
  await shop.context().close();
});

test('the branch rejects a paid order and the customer’s page shows the refund', async ({
  page,
  request,
  browser,
}) => {
  const shop = await boardThenPhone(page, request, browser);
  await toTheCheckout(shop);
  await shop.getByRole('button', { name: 'Aprobar' }).click();
  await shop.waitForURL(/\/pedidos\/\d+$/);
  await expect(shop.getByRole('heading', { name: 'Pago aprobado' })).toBeVisible();
  const id = orderIdOf(shop);

  // The counter's tablet in front.
  await page.bringToFront();
  const paid = card(page, id);
  await paid.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText(/Pagado en línea: le devolvemos \$[\d.]+ automáticamente\./),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cocina saturada' }).click();
  // Past the board's Deshacer window, the rejection goes out and the money comes back by itself.
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(shop.getByTestId('order-status')).toHaveText('Rechazado');
  const refund = shop.getByRole('list', { name: 'Reembolsos' }).getByRole('listitem');
  await expect(refund).toContainText('La sede rechazó tu pedido: Cocina saturada');
  await expect(refund).toContainText(/Hecho el/);
  await expect(shop.getByText('Reembolsado', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(shop);
  await shop.context().close();
});

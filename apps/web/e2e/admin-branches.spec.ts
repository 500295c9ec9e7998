import {
  DELIVERY_ZONE_MESSAGES,
  formatMoney,
  SCHEDULE_MESSAGES,
  type Address,
  type Branch,
} from '@comanda/shared';
import type { Page } from '@playwright/test';
import {
  bearer,
  branchBySlug,
  cartLine,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  paymentTypes,
  placeOrder,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// /panel/admin/sedes: the chain's admin edits a branch's delivery zones and dated exceptions, and
// the storefront follows at once: checkout shows the zone's fee and minimum and refuses an order
// under it (as the server does), and a holiday today shows the branch closed today. Against the
// console specs' own server (these change branches other specs rely on).

const TABLET = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const ZONE = 'Modelia Norte';
const FEE = 4500;
const MINIMUM = 200_000;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/admin-branches-${name}.png`, fullPage: true });

async function openAdmin(page: Page, request: Parameters<typeof loginApi>[0], path: string) {
  // The console asks every device which branch it serves, the admin's too.
  const terminal = await terminalBranch(request);
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), terminal.id);
  await page.goto(path);
}

test.describe.configure({ mode: 'serial' });

test('the admin adds a zone with fee and minimum; checkout shows both and refuses an order under the minimum', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize(TABLET);
  await openAdmin(page, request, '/panel/admin/sedes');
  await expect(page.getByRole('heading', { level: 1, name: 'Sedes' })).toBeVisible();
  const terminal = await terminalBranch(request);
  await expect(page.getByRole('link', { name: `Editar ${terminal.title}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'list-1280');

  // Search narrows the list, accents and case aside.
  await page.getByLabel('Buscar sede por nombre, dirección o ciudad').fill('TERMINAL');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await page.getByLabel('Buscar sede por nombre, dirección o ciudad').fill('');

  await page.getByRole('link', { name: `Editar ${terminal.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: terminal.title })).toBeVisible();
  await expect(page.getByLabel('Nombre de la sede')).toHaveValue(terminal.title);
  await shot(page, 'data-1280');

  await page.getByRole('link', { name: 'Horario' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Lunes' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'hours-1280');

  await page.getByRole('link', { name: 'Zonas de domicilio' }).click();
  await page.getByRole('button', { name: '+ Agregar zona' }).click();
  await page.getByLabel('Barrio o zona').last().fill(ZONE);
  await page.getByLabel('Costo del domicilio ($)').last().fill('4.500');
  await page.getByLabel('Pedido mínimo ($)').last().fill('200000');
  // The trip's minutes, added to the estimate the customer reads before ordering.
  await expect(page.getByLabel('Minutos de entrega').last()).toHaveValue('20');
  await page.getByLabel('Minutos de entrega').last().fill('35');
  await page.getByRole('button', { name: 'Guardar zonas' }).click();
  await expect(page.getByText('Zonas guardadas.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'zones-1280');

  // The storefront's branch answer has the zone at once.
  const fresh = await terminalBranch(request);
  expect(fresh.delivery.zones).toContainEqual(
    expect.objectContaining({
      neighbourhood: ZONE,
      fee: FEE,
      min_order: MINIMUM,
      delivery_minutes: 35,
    }),
  );

  // A customer with an address in that zone and a cart under the minimum.
  const customer = await newCustomer(request);
  const saved = await request.post('/api/addresses', {
    headers: bearer(customer.access_token),
    data: {
      label: 'Casa',
      address: 'Cl. 24 #68-50',
      neighbourhood: 'modelia norte',
      city: fresh.city,
      notes: '',
    },
  });
  expect(saved.ok()).toBe(true);
  const address = ((await saved.json()) as { results: Address }).results;
  const line = await cartLine(request, fresh, 'hamburguesa-clasica', 1);
  const subtotal = line.total;
  expect(subtotal).toBeLessThan(MINIMUM);
  const [payment] = await paymentTypes(request);
  if (!payment) throw new Error('No payment types');

  await page.setViewportSize(PHONE);
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), {
    access_token: customer.access_token,
    user: customer.user,
    loggedIn: true,
    branch: fresh,
    delivery: 'domicilio',
    cart: [line],
  });
  await page.goto('/opciones-de-pago');
  await page.getByRole('radio', { name: /Casa/ }).check();
  const bar = page.getByRole('region', { name: 'Total del pedido' });
  await expect(bar).toContainText(`Domicilio (${ZONE})`);
  await expect(bar).toContainText(formatMoney(FEE));
  await expect(bar).toContainText(DELIVERY_ZONE_MESSAGES.minimum(ZONE, MINIMUM));
  await expect(bar).toContainText(formatMoney(subtotal + FEE));
  await page.getByRole('radio', { name: payment.parameter.description }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  const refusal = DELIVERY_ZONE_MESSAGES.belowMinimum(ZONE, MINIMUM, MINIMUM - subtotal);
  await expect(bar.getByRole('alert')).toContainText(refusal);
  await expect(page).toHaveURL(/\/opciones-de-pago$/);
  await expectNoAxeViolations(page);
  await shot(page, 'checkout-minimum-360');

  // The server refuses the same order with the same words, and stores nothing.
  await expect(
    placeOrder(baseURL!, request, customer, { branch: fresh, lines: [line], delivery: address }),
  ).rejects.toThrow(refusal);
  const history = await request.get('/api/cart-history', {
    headers: bearer(customer.access_token),
  });
  expect(((await history.json()) as { total: number }).total).toBe(0);

  // Enough products: the order goes through with the fee on top.
  const enough = {
    ...line,
    quantity: Math.ceil(MINIMUM / line.price),
    total: line.price * Math.ceil(MINIMUM / line.price),
  };
  const order = await placeOrder(baseURL!, request, customer, {
    branch: fresh,
    lines: [enough],
    delivery: address,
  });
  expect(order).toMatchObject({ delivery_fee: FEE, total: enough.total + FEE });
});

test('the admin adds a holiday for today; the storefront shows the branch closed today', async ({
  page,
  request,
}) => {
  // Granada's hours never run past midnight: a holiday closes it from the day's first minute.
  // (Chicó's Friday and Saturday nights run until 2 a.m., so a holiday on Saturday or Sunday
  // leaves it open from the night before until then, as it should.)
  const granada: Branch = await branchBySlug(request, 'granada');
  await page.setViewportSize(PHONE);
  await openAdmin(page, request, '/panel/admin/sedes');
  await page.getByRole('link', { name: `Editar ${granada.title}` }).click();
  await page.getByRole('link', { name: 'Excepciones' }).click();
  await page.getByRole('button', { name: '+ Agregar excepción' }).click();
  // A new exception starts today, closed all day.
  await expect(page.getByLabel('Ese día').last()).toHaveValue('closed');
  await page.getByRole('button', { name: 'Guardar excepciones' }).click();
  await expect(page.getByText('Excepciones guardadas.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'exceptions-360');

  const fresh = await branchBySlug(request, 'granada');
  expect(fresh.open_now).toBe(false);
  expect(fresh.opening_exceptions.some((e) => e.closed)).toBe(true);

  await page.goto('/delivery-takeout');
  // The list shows its first branches; Granada may be among the rest. "Ver más sedes" may go
  // away under the click (the server-rendered list replaced as the page becomes interactive):
  // it is tapped, if there, until Granada's card shows.
  await expect(page.getByRole('list', { name: 'Sedes para recoger' })).toBeVisible();
  const more = page.getByRole('button', { name: 'Ver más sedes' });
  const card = page
    .getByRole('list', { name: 'Sedes para recoger' })
    .getByRole('listitem')
    .filter({ hasText: granada.title });
  await expect(async () => {
    if (await more.isVisible()) await more.click({ timeout: 2000 });
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(card).toContainText('Cerrado hoy');
  await expectNoAxeViolations(page);

  await page.setViewportSize(TABLET);
  await openAdmin(page, request, `/panel/admin/sedes/${granada.id}/excepciones`);
  await expect(page.getByRole('button', { name: /Quitar la excepción/ })).toBeVisible();
  await shot(page, 'exceptions-1280');
  const chico: Branch = await branchBySlug(request, 'chico');
  await page.setViewportSize(PHONE);
  await page.goto('/panel/admin/sedes');
  await expect(page.getByRole('heading', { level: 1, name: 'Sedes' })).toBeVisible();
  await shot(page, 'list-360');
  await page.goto(`/panel/admin/sedes/${chico.id}/horario`);
  await expect(page.getByRole('heading', { level: 2, name: 'Lunes' })).toBeVisible();
  await shot(page, 'hours-360');
  await page.goto(`/panel/admin/sedes/${chico.id}/zonas`);
  await expect(page.getByRole('button', { name: 'Guardar zonas' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'zones-360');
});

test('the admin sets how many scheduled orders a slot takes; a wrong number is refused in Spanish, empty means no limit', async ({
  page,
  request,
}) => {
  await page.setViewportSize(TABLET);
  const chico = await branchBySlug(request, 'chico');
  const admin = await loginApi(request, 'admin@comanda.test');
  const stored = async () =>
    (
      (await (
        await request.get(`/api/admin/branches/${chico.id}`, {
          headers: bearer(admin.access_token),
        })
      ).json()) as { results: { orders_per_slot: number | null; units_per_slot: number | null } }
    ).results;
  const before = await stored();

  await openAdmin(page, request, `/panel/admin/sedes/${chico.id}/datos`);
  const capacity = page.getByRole('form', { name: 'Pedidos programados' });
  const orders = capacity.getByLabel('Pedidos por franja de 15 minutos');
  await expect(orders).toHaveValue(
    before.orders_per_slot === null ? '' : String(before.orders_per_slot),
  );

  await orders.fill('tres');
  await capacity.getByRole('button', { name: 'Guardar capacidad' }).click();
  await expect(capacity).toContainText(SCHEDULE_MESSAGES.capacityInvalid);
  expect(await stored()).toEqual(before);

  await orders.fill('3');
  await capacity.getByLabel('Productos por franja de 15 minutos').fill('');
  await capacity.getByRole('button', { name: 'Guardar capacidad' }).click();
  await expect(capacity.getByText('Capacidad guardada.')).toBeVisible();
  expect(await stored()).toMatchObject({ orders_per_slot: 3, units_per_slot: null });
  await expectNoAxeViolations(page);

  // Back as it was, for the specs that schedule at this branch.
  await orders.fill(before.orders_per_slot === null ? '' : String(before.orders_per_slot));
  await capacity.getByRole('button', { name: 'Guardar capacidad' }).click();
  await expect(capacity.getByText('Capacidad guardada.')).toBeVisible();
  expect((await stored()).orders_per_slot).toBe(before.orders_per_slot);
});

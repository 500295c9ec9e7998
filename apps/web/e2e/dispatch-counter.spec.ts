import type { AuthResponse, Branch, PlacedOrder, Shift, StaffMember, Trip } from '@comanda/shared';
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
  saveAddress,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';
import { uniquePhone } from './unique';

// Dispatch at the counter (decision 068): two couriers start their shift, the board hands two
// ready delivery orders to one of them as one trip in a chosen order, changes the trip to the
// other before it leaves, and Día closes that courier's shift with the cash that came back.
// Against the console's own server (a fresh database per worker): the demo couriers are given
// Terminal 24h, open at every hour, so the spec runs whenever it is run.

const ANDRES = 'reparto@comanda.test';
const LUISA = 'reparto2@comanda.test';

/** The screens a cashier looks at, kept with the test's results. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`) });

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
): Promise<T> {
  const response = await request[method](url, {
    headers: bearer(token),
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { results: T }).results;
}

/** The demo couriers work at Campiña; for this spec they work at `branch` too. */
async function courierWorksAt(request: APIRequestContext, branch: Branch) {
  const admin = await loginApi(request, 'admin@comanda.test');
  const staff = await api<StaffMember[]>(request, admin.access_token, 'get', '/api/admin/staff');
  for (const email of [ANDRES, LUISA]) {
    const member = staff.find((one) => one.email === email)!;
    if (member.branch_ids.includes(branch.id)) continue;
    const { name, phone, role, version } = member;
    await api(request, admin.access_token, 'put', `/api/admin/staff/${member.id}`, {
      name,
      email,
      phone,
      role,
      branch_ids: [...member.branch_ids, branch.id],
      version,
    });
  }
}

/** A courier logs in on their phone and starts the shift at `branch`. */
async function startShift(request: APIRequestContext, email: string, branch: Branch) {
  const courier = await loginApi(request, email);
  await api(request, courier.access_token, 'post', '/api/courier/shift', {
    on: true,
    branch_id: branch.id,
  });
  return courier;
}

/** A delivery order paid in cash, accepted and `Listo` through the API. */
async function readyDelivery(
  request: APIRequestContext,
  baseURL: string,
  customer: AuthResponse,
  branch: Branch,
): Promise<PlacedOrder> {
  const address = await saveAddress(request, customer, branch);
  const line = await cartLine(request, branch, 'hamburguesa-clasica');
  const order = await placeOrder(baseURL, request, customer, {
    branch,
    lines: [line],
    delivery: address,
  });
  const staff = await loginApi(request, 'staff@comanda.test');
  for (const status of ['accepted', 'ready'])
    await api(request, staff.access_token, 'post', `/api/staff/orders/${order.id}/status`, {
      status,
    });
  return order;
}

test('the counter sends two orders with one courier in its order, changes the courier before leaving, and Día closes the shift short', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  await courierWorksAt(request, branch);
  const staff = await loginApi(request, 'staff@comanda.test');
  // Nothing offered by itself: the counter chooses.
  await api(request, staff.access_token, 'put', `/api/staff/branches/${branch.id}/settings`, {
    auto_offer_courier: false,
    dispatch_from_preparing: false,
  });
  await startShift(request, ANDRES, branch);
  const luisa = await startShift(request, LUISA, branch);
  const customer = await newCustomer(request, 'Marta Ríos');
  const first = await readyDelivery(request, baseURL!, customer, branch);
  const second = await readyDelivery(request, baseURL!, customer, branch);

  await page.setViewportSize({ width: 1024, height: 768 });
  await openBoard(page, request, branch);
  await expect(page.getByRole('region', { name: 'Domiciliarios' })).toContainText('Andrés');
  await card(page, first.id).getByRole('button', { name: 'Asignar domiciliario' }).click();
  const dialog = page.getByRole('dialog', { name: `Asignar domiciliario a #${first.id}` });
  await expect(dialog.getByText(/Disponible · desde \d\d:\d\d/).first()).toBeVisible();
  await dialog.getByRole('radio', { name: /Andrés Gómez/ }).check();
  await dialog.getByRole('checkbox', { name: new RegExp(`^#${second.id} `) }).check();
  // The second goes first: moved up with the keyboard.
  await dialog.getByRole('button', { name: `Subir #${second.id}` }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(`#${second.id} ahora es la entrega 1`);
  const tripOrders = dialog.getByRole('group', { name: /Pedidos del viaje/ });
  await expect(tripOrders.getByRole('listitem').first()).toContainText(`#${second.id}`);
  await expectNoAxeViolations(page);
  await shot(page, 'dispatch-dialog');
  await dialog.getByRole('button', { name: 'Asignar 2 pedidos a Andrés Gómez' }).click();
  await expect(dialog).toBeHidden();
  for (const order of [first, second])
    await expect(card(page, order.id)).toContainText('Domiciliario: Andrés');
  // The courier's Salí sends them En camino, not the counter.
  await expect(card(page, first.id).getByRole('button', { name: 'En camino' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Domiciliarios' })).toContainText(
    'por salir · 2 pedidos',
  );
  await shot(page, 'board-assigned');

  // Before Andrés leaves, the trip goes to Luisa instead, in the same order.
  await card(page, first.id).getByRole('button', { name: 'Cambiar' }).click();
  const change = page.getByRole('dialog', { name: `Cambiar el viaje de #${first.id}` });
  await change.getByRole('radio', { name: /Luisa Fernanda Ortiz/ }).check();
  await expectNoAxeViolations(page);
  await change.getByRole('button', { name: 'Guardar: 2 pedidos a Luisa Fernanda Ortiz' }).click();
  await expect(change).toBeHidden();
  for (const order of [first, second])
    await expect(card(page, order.id)).toContainText('Domiciliario: Luisa');
  const current = await api<Trip | null>(
    request,
    luisa.access_token,
    'get',
    '/api/courier/trips/current',
  );
  expect(current?.stops.map((stop) => stop.order_id)).toEqual([second.id, first.id]);

  // Luisa leaves, delivers both, and ends her shift; the counter closes it $1.000 short.
  const token = luisa.access_token;
  await api(request, token, 'post', `/api/courier/trips/${current!.id}/depart`);
  // The board hears it: both cards En camino, Luisa out on the strip.
  for (const order of [first, second])
    await expect(column(page, 'on_the_way').locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Domiciliarios' })).toContainText('Luisa en ruta');
  for (const order of [second, first])
    await api(request, token, 'post', `/api/courier/orders/${order.id}/delivered`);
  await api(request, token, 'post', '/api/courier/shift', { on: false });

  await page.getByRole('link', { name: 'Día' }).click();
  const shifts = page.getByRole('region', { name: 'Domiciliarios' });
  const shift = shifts.getByRole('listitem').filter({ hasText: 'Luisa Fernanda Ortiz' });
  await expect(shift).toContainText('Entregados2');
  const expected = (
    await api<Shift[]>(
      request,
      staff.access_token,
      'get',
      `/api/staff/branches/${branch.id}/shifts`,
    )
  ).find((one) => one.courier.name.startsWith('Luisa'))!.cash_expected;
  expect(expected).toBe(first.total + second.total);
  await shift.getByLabel(/Efectivo entregado/).fill(String(expected - 1_000));
  await expect(shift.getByText('Diferencia: Faltante $1.000')).toBeVisible();
  await shift.getByLabel('Nota (opcional)').fill('Faltó el cambio de un billete');
  await expectNoAxeViolations(page);
  await shift.getByRole('button', { name: 'Cerrar turno' }).click();
  await expect(shift).toContainText('Cerrado');
  await expect(shift).toContainText('Faltante $1.000');
  await expect(shift).toContainText('Nota: Faltó el cambio de un billete');
  await shifts.scrollIntoViewIfNeeded();
  await shot(page, 'day-shifts');
  const closed = await api<Shift[]>(
    request,
    staff.access_token,
    'get',
    `/api/staff/branches/${branch.id}/shifts`,
  );
  expect(closed.find((one) => one.courier.name.startsWith('Luisa'))?.difference).toBe(-1_000);
});

test('Personal creates a courier account: Domiciliario, with the branches it delivers for', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const admin = await loginApi(request, 'admin@comanda.test');
  await page.setViewportSize({ width: 1024, height: 768 });
  await seedPanelSession(page, admin, branch.id);
  await page.goto('/panel/admin/personal/nueva');
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva cuenta' })).toBeVisible();
  const stamp = `${Date.now()}`.slice(-8);
  await page.getByLabel('Nombre', { exact: true }).fill('Camilo Reparto');
  await page.getByLabel('Email', { exact: true }).fill(`camilo.${stamp}@comanda.test`);
  await page.getByLabel('Celular', { exact: true }).fill(uniquePhone('31'));
  await page.getByLabel('Rol').selectOption({ label: 'Domiciliario' });
  await page.getByLabel('Contraseña inicial', { exact: true }).fill('moto roja por la séptima');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // A courier works at branches, as staff do.
  await expect(page.getByText('Elige al menos una sede para el personal.')).toBeVisible();
  await page.getByRole('checkbox', { name: branch.title }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Camilo Reparto' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/panel/admin/personal');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Camilo Reparto' }).getByText('Domiciliario'),
  ).toBeVisible();
});

import type { Branch, Station } from '@comanda/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bearer,
  branchBySlug,
  cartLine,
  clearBoard,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  placeOrder,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// The kitchen's screens (decision 072): a burger cooks at Parrilla, a pizza is sent to Fríos
// (the product's station, set in the back office); one order with both shows on each station's
// screen (two tablets at 1024×768), each bumps its own, and the expo says "Listo para empacar"
// and takes it to Listo with one tap.

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

async function tablet(page: Page, request: APIRequestContext, branch: Branch, path: string) {
  await page.setViewportSize({ width: 1024, height: 768 });
  await seedPanelSession(page, await loginApi(request, 'staff@comanda.test'), branch.id);
  await page.goto(path);
}

test('an order with items for two stations is bumped on each, ready to pack on the expo, then Listo', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const admin = await loginApi(request, 'admin@comanda.test');
  const stations = await api<Station[]>(
    request,
    admin.access_token,
    'get',
    `/api/admin/branches/${branch.id}/stations`,
  );
  const grill = stations.find((s) => s.name === 'Parrilla')!;
  const cold = stations.find((s) => s.name === 'Fríos')!;
  const burger = await cartLine(request, branch, 'hamburguesa-clasica', 2, 'line-1');
  const pizza = await cartLine(request, branch, 'pizza-hawaiana', 1, 'line-2');
  await api(request, admin.access_token, 'put', `/api/admin/products/${pizza.id}/station`, {
    station_id: cold.id,
  });
  const customer = await newCustomer(request, 'Lucía Pardo');
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [burger, pizza],
    observation: 'Sin cebolla',
  });
  const staff = await loginApi(request, 'staff@comanda.test');
  await api(request, staff.access_token, 'post', `/api/staff/orders/${order.id}/status`, {
    status: 'accepted',
  });

  const grillPage = page;
  const coldPage = await browser.newPage();
  const expoPage = await browser.newPage();
  await tablet(grillPage, request, branch, '/panel/cocina');
  await grillPage.getByRole('link', { name: 'Parrilla' }).click();
  await tablet(coldPage, request, branch, `/panel/cocina/${cold.id}`);
  await tablet(expoPage, request, branch, '/panel/cocina/expo');

  const grillItem = grillPage.getByRole('button', { name: new RegExp(`2 × ${burger.title}`) });
  const coldItem = coldPage.getByRole('button', { name: new RegExp(`1 × ${pizza.title}`) });
  await expect(grillItem).toHaveAttribute('aria-pressed', 'false');
  await expect(grillPage.getByText('Sin cebolla')).toBeVisible();
  await expect(coldItem).toBeVisible();
  await expect(grillPage.getByRole('list', { name: 'Por hacer en total' })).toContainText(
    `2 × ${burger.title}`,
  );
  await expect(grillPage.getByRole('heading', { name: 'Parrilla' })).toBeVisible();
  expect(grillPage.url()).toContain(`/panel/cocina/${grill.id}`);
  await expectNoAxeViolations(grillPage);
  await shot(grillPage, 'kitchen-grill');

  const expoCard = expoPage.getByRole('listitem').filter({ hasText: `#${order.id}` });
  await expect(expoCard).toContainText('Parrilla: faltan 1');
  await expect(expoCard).toContainText('Fríos: faltan 1');

  await grillItem.click();
  await expect(grillItem).toHaveAttribute('aria-pressed', 'true');
  // The other screens hear it over the socket.
  await expect(expoCard).toContainText('Parrilla: lista');
  await expect(expoCard).not.toContainText('Listo para empacar');
  await coldPage.getByRole('button', { name: `Todo listo #${order.id}` }).click();
  await expect(coldItem).toHaveAttribute('aria-pressed', 'true');
  await expect(expoCard).toContainText('Listo para empacar');
  await expectNoAxeViolations(expoPage);
  await shot(expoPage, 'kitchen-expo');
  await shot(coldPage, 'kitchen-cold');

  await expoPage.getByRole('button', { name: `Marcar #${order.id} Listo` }).click();
  await expect(expoCard).toHaveCount(0);
  await expect(grillPage.getByText('Nada por hacer en Parrilla.')).toBeVisible();
  await coldPage.close();
  await expoPage.close();
});

test('the admin edits a branch’s stations in Estaciones: renamed, added, saved; axe clean', async ({
  page,
  request,
}) => {
  const terminal = await terminalBranch(request);
  const branch = await branchBySlug(request, 'chico');
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), terminal.id);
  await page.goto(`/panel/admin/sedes/${branch.id}/datos`);
  const card = page.getByRole('region', { name: 'Estaciones' });
  await expect(card.getByLabel('Estación 1')).toHaveValue('Parrilla');
  await card.getByLabel('Estación 4').fill('Bar');
  await card.getByRole('button', { name: 'Agregar estación' }).click();
  await card.getByLabel('Estación 5').fill('Postres');
  await card.getByRole('button', { name: 'Guardar estaciones' }).click();
  await expect(card.getByRole('button', { name: 'Quitar Postres' })).toBeVisible();
  const admin = await loginApi(request, 'admin@comanda.test');
  const saved = await api<Station[]>(
    request,
    admin.access_token,
    'get',
    `/api/admin/branches/${branch.id}/stations`,
  );
  expect(saved.map((station) => station.name)).toEqual([
    'Parrilla',
    'Freidora',
    'Fríos',
    'Bar',
    'Postres',
  ]);
  await expectNoAxeViolations(page);
  await card.screenshot({ path: test.info().outputPath('admin-stations.png') });
});

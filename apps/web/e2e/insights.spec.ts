import { readFileSync } from 'node:fs';
import { chainToday, formatMoney, type AuthResponse, type SalesReport } from '@comanda/shared';
import {
  bearer,
  branchBySlug,
  cartLine,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  placeOrder,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';
import type { APIRequestContext, Page } from './base-test';

// Informes as a chain's manager and a branch's staff read it, on the console specs' own server
// per worker (console-support.ts): a fresh demo chain, whose demo customer bought yesterday at
// the first branch, so "today against yesterday" has two sides. The reports answer for the whole
// chain, so each figure is checked against what the API said before this test's orders plus
// those orders themselves: nothing depends on what other tests of the worker placed earlier.

const SCREENS = 'test-results/screens';

// Orders placed over the socket, several reports loaded, axe runs with every table open.
test.describe.configure({ timeout: 120_000 });

const card = (page: Page, report: string) => page.locator(`section[data-report="${report}"]`);

/** The figure under its label in a card's headline row ("Pedidos" → "5▲ +25 %"). */
const figure = (page: Page, report: string, label: string) =>
  card(page, report)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** Every card has its report (none loading, none failed). */
async function reportsLoaded(page: Page) {
  await expect(page.locator('section[data-report]').first()).toBeVisible();
  await expect(page.locator('section[data-report][aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Cargando…')).toHaveCount(0);
  await expect(page.getByText('No pudimos cargar este informe.')).toHaveCount(0);
}

async function openAsAdmin(page: Page, request: APIRequestContext, search = '') {
  const branch = await terminalBranch(request);
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), branch.id);
  await page.goto(`/panel/admin/informes${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Informes' })).toBeVisible();
  await reportsLoaded(page);
}

async function chainSales(request: APIRequestContext, admin: AuthResponse, day: string) {
  const response = await request.get(
    `/api/admin/insights/sales?from=${day}&to=${day}&compare=previous`,
    { headers: bearer(admin.access_token) },
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as SalesReport;
}

/**
 * Two orders accepted (the first then ready: a promise measured) and one rejected at the
 * always-open branch; answers the accepted totals.
 */
async function placeTodaysOrders(request: APIRequestContext, baseURL: string) {
  const branch = await terminalBranch(request);
  const staff = await loginApi(request, 'staff@comanda.test');
  const customer = await newCustomer(request, 'Informes Prueba');
  const place = async (quantity: number) =>
    placeOrder(baseURL, request, customer, {
      branch,
      lines: [await cartLine(request, branch, 'hamburguesa-clasica', quantity)],
    });
  const orders = [await place(1), await place(2), await place(1)];
  const move = async (id: number, data: object) =>
    expect(
      (
        await request.post(`/api/staff/orders/${id}/status`, {
          headers: bearer(staff.access_token),
          data,
        })
      ).ok(),
    ).toBe(true);
  await move(orders[0]!.id, { status: 'accepted' });
  await move(orders[1]!.id, { status: 'accepted' });
  await move(orders[2]!.id, { status: 'rejected', reason: 'Producto agotado' });
  await move(orders[0]!.id, { status: 'ready' });
  return orders.slice(0, 2).map((order) => order.total);
}

/** The change as the screen must write it, worked out here from the two numbers. */
function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '= sin cambio' : '▲ antes 0';
  const pct = Math.round(((current - previous) / previous) * 1000) / 10;
  const amount = `${String(Math.abs(pct)).replace('.', ',')} %`;
  return pct > 0 ? `▲ +${amount}` : pct < 0 ? `▼ −${amount}` : '= 0 %';
}

/** A CSV as rows of cells (quotes honoured), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)) {
    const cells: string[] = [];
    const pattern = /("([^"]|"")*"|[^,]*)(,|$)/g;
    for (const match of line.matchAll(pattern)) {
      if (match.index === line.length && match[0] === '') break;
      const raw = match[1] ?? '';
      cells.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    }
    rows.push(cells);
  }
  return rows;
}

/** Opens every card's table, one «Ver tabla» after another (each becomes «Ocultar tabla»). */
async function openEveryTable(page: Page) {
  const closed = page.getByRole('button', { name: 'Ver tabla' });
  const cards = await closed.count();
  expect(cards).toBeGreaterThan(0);
  for (let opened = 1; opened <= cards; opened += 1) {
    await closed.first().click();
    await expect(page.getByRole('button', { name: 'Ocultar tabla' })).toHaveCount(opened);
  }
}

/** The numbers of one column of the league table, as shown (trend lines left out). */
async function leagueColumn(page: Page, index: number): Promise<number[]> {
  const cells = card(page, 'branches').locator(`tbody tr > :nth-child(${index + 1})`);
  const texts = await cells.evaluateAll((nodes: Element[]) =>
    nodes.map((node) => node.firstChild?.textContent ?? ''),
  );
  return texts.map((text: string) => Number(text.replace(/[$.]/g, '')));
}

test.describe('laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('today against yesterday reads the orders placed, and a reload or Back keeps the view', async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = await loginApi(request, 'admin@comanda.test');
    const today = chainToday();
    const before = await chainSales(request, admin, today);
    const totals = await placeTodaysOrders(request, baseURL!);
    const orders = before.totals.orders + 2;
    const sales = before.totals.sales + totals[0]! + totals[1]!;
    const yesterday = before.previous_totals!;
    expect(yesterday.orders, "the demo customer's order of yesterday").toBeGreaterThan(0);

    await openAsAdmin(page, request);
    await page.getByRole('combobox', { name: 'Periodo' }).selectOption('hoy');
    await page.getByLabel('Comparar con el periodo anterior').check();
    await expect(page).toHaveURL(/periodo=hoy&comparar=1$/);
    await reportsLoaded(page);
    const shown = async () => {
      await expect(figure(page, 'sales', 'Pedidos')).toContainText(String(orders));
      await expect(figure(page, 'sales', 'Pedidos')).toContainText(
        changeText(orders, yesterday.orders),
      );
      await expect(figure(page, 'sales', 'Ventas')).toContainText(formatMoney(sales));
      await expect(figure(page, 'sales', 'Ventas')).toContainText(
        changeText(sales, yesterday.sales),
      );
    };
    await shown();
    // The table behind the chart: by hour for one day, today's and yesterday's columns.
    await card(page, 'sales').getByRole('button', { name: 'Ver tabla' }).click();
    const hours = card(page, 'sales').getByRole('table', { name: 'Ventas y pedidos por hora' });
    await expect(hours.getByRole('row')).toHaveCount(25);
    await expect(
      hours.getByRole('columnheader', { name: 'Ventas periodo anterior' }),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Periodo' })).toHaveValue('hoy');
    await expect(page.getByLabel('Comparar con el periodo anterior')).toBeChecked();
    await reportsLoaded(page);
    await shown();

    await page.getByRole('combobox', { name: 'Periodo' }).selectOption('mes');
    await expect(page).toHaveURL(/periodo=mes&comparar=1$/);
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Periodo' })).toHaveValue('hoy');
    await reportsLoaded(page);
    await shown();
  });

  test('the league table sorts by a header, the CSV has its numbers, and every table is accessible', async ({
    page,
    request,
    baseURL,
  }) => {
    await placeTodaysOrders(request, baseURL!);
    await openAsAdmin(page, request, '?periodo=30-dias');
    // The order made ready is measured against its promise.
    await expect(figure(page, 'promise', 'Pedidos medidos')).not.toHaveText('0');
    const league = card(page, 'branches');
    const header = (name: string) => league.getByRole('columnheader', { name });
    await expect(header('Ventas')).toHaveAttribute('aria-sort', 'descending');

    await header('Pedidos').getByRole('button').click();
    await expect(header('Pedidos')).toHaveAttribute('aria-sort', 'descending');
    await expect(header('Ventas')).not.toHaveAttribute('aria-sort');
    const down = await leagueColumn(page, 2);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await header('Pedidos').getByRole('button').click();
    await expect(header('Pedidos')).toHaveAttribute('aria-sort', 'ascending');
    const up = await leagueColumn(page, 2);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await header('Sede').getByRole('button').click();
    await expect(header('Sede')).toHaveAttribute('aria-sort', 'ascending');
    const names = await league.locator('tbody th').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));

    const downloading = page.waitForEvent('download');
    await league.getByRole('button', { name: 'Descargar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^informe-branches-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const [head, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
    expect(head?.slice(0, 3)).toEqual(['Sede', 'Ventas', 'Pedidos']);
    expect(rows.length).toBe(await league.locator('tbody tr').count());
    for (const [name, sales, orders] of rows) {
      const row = league.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name }) });
      await expect(row.locator('td').nth(0)).toContainText(formatMoney(Number(sales)));
      await expect(row.locator('td').nth(1)).toContainText(orders!);
    }
    expect(
      rows.some((row) => Number(row[2]) > 0),
      'a branch with orders',
    ).toBe(true);

    await openEveryTable(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}/insights-1280.png`, fullPage: true });

    // «Ahora» is a view of the same screen, in the address too: Back returns to the period.
    await page.getByRole('link', { name: 'Ahora' }).click();
    await expect(page).toHaveURL(/vista=ahora/);
    await expect(page.getByRole('heading', { level: 2, name: 'Ahora' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Periodo' })).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Periodo' })).toHaveValue('30-dias');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the screen fits a phone in one column, accessible with every table open', async ({
    page,
    request,
  }) => {
    await openAsAdmin(page, request, '?periodo=30-dias&comparar=1');
    await expect(figure(page, 'sales', 'Ventas')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENS}/insights-390.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await openEveryTable(page);
    await expectNoAxeViolations(page);
  });
});

test("a branch's staff read their own branch only, from the console's nav", async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const other = await terminalBranch(request);
  const staff = await loginApi(request, 'campina@comanda.test');
  // The server refuses them the chain's reports and another branch's.
  const refused = [`/api/admin/insights/sales`, `/api/staff/branches/${other.id}/insights/sales`];
  for (const path of refused)
    expect((await request.get(path, { headers: bearer(staff.access_token) })).status()).toBe(403);

  await seedPanelSession(page, staff, campina.id);
  await page.goto('/panel');
  const asked: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path.includes('/insights/')) asked.push(path);
  });
  await page
    .getByRole('navigation', { name: 'Panel' })
    .getByRole('link', { name: 'Informes' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Informes' })).toBeVisible();
  await reportsLoaded(page);
  await expect(page.getByRole('heading', { name: 'Tabla de sedes' })).toHaveCount(0);
  await expect(page.getByLabel('Sede')).toHaveCount(0);
  // Another branch in the address is not theirs: the console's own is shown.
  await page.goto(`/panel/informes?sede=${other.id}`);
  await reportsLoaded(page);
  expect(asked.length).toBeGreaterThan(0);
  expect(
    asked.every((path) => path.startsWith(`/api/staff/branches/${campina.id}/insights/`)),
  ).toBe(true);
  await expectNoAxeViolations(page);
});

import {
  addDays,
  chainToday,
  DAY_CSV_HEADER,
  formatMoney,
  type BranchSummary,
} from '@comanda/shared';
import { readFile } from 'node:fs/promises';
import {
  bearer,
  cartLine,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  openBoard,
  placeOrder,
  terminalBranch,
  test,
} from './console-support';

// Día: the branch's orders of a day (today unless another is picked) in any status, searchable,
// and the day added up.

test.use({ viewport: { width: 1280, height: 800 } });

test("Día lists today's orders in every status, finds one by number or customer, and shows the summary", async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const staff = await loginApi(request, 'staff@comanda.test');
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const stamp = Date.now().toString(36);
  const kept = await placeOrder(
    baseURL!,
    request,
    await newCustomer(request, `Valentina ${stamp}`),
    { branch, lines, paymentIndex: 1 },
  );
  const camilo = await newCustomer(request, `Camilo ${stamp}`);
  const refused = await placeOrder(baseURL!, request, camilo, { branch, lines });
  const move = async (id: number, data: object) =>
    expect(
      (
        await request.post(`/api/staff/orders/${id}/status`, {
          headers: bearer(staff.access_token),
          data,
        })
      ).ok(),
    ).toBe(true);
  await move(refused.id, { status: 'rejected', reason: 'Producto agotado' });
  await move(kept.id, { status: 'accepted' });

  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Día' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Día · / })).toBeVisible();
  const list = page.getByRole('region', { name: /Pedidos de hoy/ });
  await expect(list.locator(`[data-order-id="${kept.id}"]`)).toContainText('Aceptado');
  await expect(list.locator(`[data-order-id="${refused.id}"]`)).toContainText('Rechazado');
  await expect(list.locator(`[data-order-id="${refused.id}"]`)).toContainText(
    'Motivo: Producto agotado',
  );

  const summary = (
    (await (
      await request.get(`/api/staff/branches/${branch.id}/summary`, {
        headers: bearer(staff.access_token),
      })
    ).json()) as {
      results: BranchSummary;
    }
  ).results;
  const figures = page.getByRole('region', { name: 'Resumen del día' });
  await expect(figures.getByRole('definition').first()).toHaveText(String(summary.orders));
  await expect(figures).toContainText(formatMoney(summary.sales.total));
  for (const row of summary.by_payment) {
    await expect(figures.getByRole('row', { name: new RegExp(`^${row.payment}`) })).toContainText(
      formatMoney(row.total),
    );
  }
  await expect(figures.getByRole('listitem').filter({ hasText: 'Producto agotado' })).toBeVisible();
  await expectNoAxeViolations(page);

  const search = page.getByLabel('Buscar por número de pedido, cliente o celular');
  // "#12" is order 12 alone (bare digits also match phone numbers).
  await search.fill(`#${kept.id}`);
  await expect(list.locator('[data-order-id]')).toHaveCount(1);
  await expect(list.locator(`[data-order-id="${kept.id}"]`)).toBeVisible();
  await search.fill(`Camilo ${stamp}`);
  await expect(list.locator('[data-order-id]')).toHaveCount(1);
  await expect(list.locator(`[data-order-id="${refused.id}"]`)).toBeVisible();
  // A phone typed as the board shows it, with spaces.
  const phone = camilo.user.phone;
  await search.fill(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
  await expect(list.locator('[data-order-id]')).toHaveCount(1);
  await expect(list.locator(`[data-order-id="${refused.id}"]`)).toBeVisible();
  await search.fill('nadie se llama así');
  await expect(list).toContainText('Ningún pedido coincide con «nadie se llama así».');
});

test('Día goes back to another day with its date picker, and downloads that day as CSV', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Día' }).click();
  const today = chainToday();
  const picker = page.getByLabel('Fecha');
  await expect(picker).toHaveValue(today);
  await expect(picker).toHaveAttribute('max', today);
  await expect(page.getByRole('button', { name: 'Hoy' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Día anterior' }).click();
  const yesterday = addDays(today, -1);
  await expect(picker).toHaveValue(yesterday);
  const title = new Intl.DateTimeFormat('es-CO', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'America/Bogota',
  }).format(new Date(`${yesterday}T12:00:00-05:00`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Día · ${title}`);
  await expect(page.getByRole('region', { name: /Pedidos del día/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('dia-ayer-1024x768.png') });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`dia-sede-${branch.id}-${yesterday}.csv`);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(DAY_CSV_HEADER.join(','));

  // A day typed past today is not taken; Hoy comes back to today.
  await picker.fill(addDays(today, 1));
  await expect(picker).toHaveValue(yesterday);
  await page.getByRole('button', { name: 'Hoy' }).click();
  await expect(picker).toHaveValue(today);
  await expect(page.getByRole('region', { name: /Pedidos de hoy/ })).toBeVisible();
});

test('the controls screen is accessible, and its product search finds by name or option without accents', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Controles' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Controles de ${branch.title}` }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: /^Agotado: / }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Buscar producto').fill('limon');
  await expect(page.getByRole('switch', { name: 'Agotado: Hamburguesa Clásica' })).toHaveCount(0);
  const names = await page
    .getByRole('switch', { name: /^Agotado: / })
    .evaluateAll((switches) => switches.map((s) => s.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThan(0);
  // A product is listed for its own name or for one of its options ("Limonada" in a combo), and
  // then that option's switch names it: every listed product is there for a "limón".
  const products = names.filter((name) => !name?.includes('('));
  expect(products.length).toBeGreaterThan(0);
  for (const product of products) {
    const title = product?.replace(/^Agotado: /, '') ?? '';
    const why = names.filter((name) => name === product || name?.includes(`(${title}, `));
    expect(
      why.some((name) => /lim[oó]n/i.test(name ?? '')),
      product ?? '',
    ).toBe(true);
  }
});

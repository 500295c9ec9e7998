import {
  bearer,
  cartLine,
  clearBoard,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  placeOrder,
  screens,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// Informes' «Ahora» as head office reads it: every branch at this moment, kept current by the
// panel's socket. Each change below shows within the expect's 10 s, well inside the screen's own
// 30-second re-read: it is the socket's event that brought it.

test('Ahora shows every branch now, and an order placed or a pause taken elsewhere without a reload', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const admin = await loginApi(request, 'admin@comanda.test');
  const customer = await newCustomer(request);

  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, branch.id);
  await page.goto('/panel/admin/informes?vista=ahora');
  await expect(page.getByRole('heading', { name: 'Ahora' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Cada sede en este momento' });
  const row = table.locator(`tr[data-branch="${branch.id}"]`);
  const cell = (header: string) =>
    row.getByRole('cell').nth(
      // The branch's name is the row's header; the cells follow the column headers after it.
      ['Estado', 'Alta demanda', 'Esperando', 'Atrasados', 'Espera más larga'].indexOf(header),
    );
  await expect(row.getByRole('rowheader')).toHaveText(branch.title);
  await expect(cell('Estado')).toHaveText('Abierta');
  await expect(cell('Esperando')).toHaveText('0');
  await expect(cell('Espera más larga')).toHaveText('—');

  // A customer orders at the branch: the row counts it as waiting, just placed.
  await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
  });
  await expect(cell('Esperando')).toHaveText('1');
  await expect(cell('Espera más larga')).toHaveText('ahora');

  // Its staff pause it for 30 minutes and run a rush: the badge and the minutes follow.
  const put = (path: string, data: object) =>
    request.put(`/api/staff/branches/${branch.id}/${path}`, {
      headers: bearer(admin.access_token),
      data,
    });
  expect((await put('rush', { extra_minutes: 15 })).ok()).toBe(true);
  expect((await put('pause', { minutes: 30 })).ok()).toBe(true);
  try {
    await expect(cell('Estado')).toHaveText(/^En pausa hasta \d\d:\d\d$/);
    await expect(cell('Alta demanda')).toHaveText('+15 min');

    // Sorting by a header says so to assistive technology.
    const sales = table.getByRole('columnheader', { name: /Ventas de hoy/ });
    await sales.getByRole('button').click();
    await expect(sales).toHaveAttribute('aria-sort', 'descending');
    await sales.getByRole('button').click();
    await expect(sales).toHaveAttribute('aria-sort', 'ascending');

    await expectNoAxeViolations(page);
    await screens(page, 'insights-live');
  } finally {
    await put('pause', { minutes: 0 });
    await put('rush', { extra_minutes: 0 });
    await clearBoard(request, branch);
  }
});

import {
  branchBySlug,
  expect,
  expectNoAxeViolations,
  loginApi,
  seedPanelSession,
  test,
} from './console-support';

// Who reaches the back office from /panel: the chain's admin gets an "Administrar" tab and its
// sections; staff never see it, and a link to it takes them back to their board.

test('the admin opens the back office and its change log from the console', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), campina.id);
  await page.goto('/panel');
  await page.getByRole('link', { name: 'Administrar' }).click();

  const sections = page.getByRole('navigation', { name: 'Administración' });
  for (const name of ['Menú', 'Sedes', 'Contenido', 'Personal', 'Registros', 'Historial'])
    await expect(sections.getByRole('link', { name })).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/admin\/menu$/);
  await expect(page.getByRole('link', { name: 'Administrar' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await sections.getByRole('link', { name: 'Historial' }).click();
  await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toBeVisible();
  await expect(page).toHaveTitle('Historial de cambios · Administración · La Brasa Dorada');
  await expectNoAxeViolations(page);

  // A deep link lands on the section after a reload, without a detour through the board.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toBeVisible();
});

test('staff see no Administrar tab, and a link to the back office takes them to their board', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  await seedPanelSession(page, await loginApi(request, 'campina@comanda.test'), campina.id);
  await page.goto('/panel');
  await expect(page.getByText('En línea', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administrar' })).toHaveCount(0);

  await page.goto('/panel/admin/historial');
  await expect(page).toHaveURL(/\/panel$/);
  await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toHaveCount(0);
});

import {
  bearer,
  branchBySlug,
  expect,
  expectNoAxeViolations,
  loginApi,
  seedPanelSession,
  test,
} from './console-support';

// The back office's Historial as the chain's admin reads it: what a branch's staff did at the
// console is there with who did it and where, and the «Sede» and «Persona» filters find it.

test('the Historial finds a branch’s console actions by branch and by person', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const chico = await branchBySlug(request, 'chico');
  const staff = await loginApi(request, 'campina@comanda.test');
  const admin = await loginApi(request, 'admin@comanda.test');
  const put = async (token: string, path: string, data: Record<string, unknown>) =>
    expect((await request.put(path, { headers: bearer(token), data })).status()).toBe(200);
  // Campiña's staff pause their branch and reopen it; the admin runs a rush at Chicó.
  await put(staff.access_token, `/api/staff/branches/${campina.id}/pause`, { minutes: 15 });
  await put(staff.access_token, `/api/staff/branches/${campina.id}/pause`, { minutes: 0 });
  await put(admin.access_token, `/api/staff/branches/${chico.id}/rush`, { extra_minutes: 10 });

  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, campina.id);
  await page.goto('/panel/admin/historial');
  await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toBeVisible();

  const sede = page.getByRole('combobox', { name: 'Sede', exact: true });
  const persona = page.getByRole('combobox', { name: 'Persona', exact: true });
  const rows = page.getByRole('list', { name: 'Cambios' }).getByRole('listitem');

  await expect(sede.locator('option', { hasText: campina.title })).toHaveCount(1);
  await sede.selectOption({ label: campina.title });
  await expect(rows.first()).toContainText('Reanudó sede');
  await expect(rows.first()).toContainText('campina@comanda.test');
  await expect(rows.nth(1)).toContainText('Pausó sede');
  await expect(rows.nth(1)).toContainText('15 min');
  // Only Campiña's: the admin's rush at Chicó is not among them.
  await expect(rows.filter({ hasNotText: campina.title })).toHaveCount(0);
  await expect(page.getByText('Cambió la alta demanda de sede')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/historial-1280x800.png' });
  await expectNoAxeViolations(page);

  // By person: the admin at Chicó, then Campiña's staff at Chicó, where they did nothing.
  await sede.selectOption({ label: chico.title });
  await expect(persona.locator('option', { hasText: 'admin@comanda.test' })).toHaveCount(1);
  await persona.selectOption(String(admin.user.id));
  await expect(rows.first()).toContainText('Cambió la alta demanda de sede');
  await expect(rows.filter({ hasNotText: 'admin@comanda.test' })).toHaveCount(0);
  await persona.selectOption(String(staff.user.id));
  await expect(page.getByText('No hay cambios que coincidan.')).toBeVisible();
  await expect(rows).toHaveCount(0);

  // The search, typed key by key: what is sent is trimmed, with the spaces inside collapsed, so
  // «  alta   demanda » finds the rush's «alta demanda, …».
  const searches: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    const q = url.searchParams.get('q');
    if (url.pathname === '/api/admin/audit' && q !== null) searches.push(q);
  });
  await persona.selectOption('');
  await page.getByLabel('Buscar en el historial').pressSequentially('  alta   demanda ');
  await expect(rows.first()).toContainText('Cambió la alta demanda de sede');
  await expect(rows.filter({ hasNotText: 'alta demanda' })).toHaveCount(0);
  // The rows may already match before the debounced request leaves, so wait for it.
  await expect.poll(() => searches).toContain('alta demanda');
  for (const q of searches) expect(q).toBe(q.trim().replace(/\s+/g, ' '));
});

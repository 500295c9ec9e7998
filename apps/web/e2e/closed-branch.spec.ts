import {
  branchBySlug,
  closeBranchToday,
  expect,
  expectNoAxeViolations,
  seedCustomer,
  test,
} from './console-support';

// A branch closed by its hours or an exception says when it opens, the moment it is chosen: the
// menu's delivery line reads "Cerrada · abre …" instead of a bare "no recibe pedidos". The
// exception is this worker's server's only (its tests run in turn) and is removed afterwards.

test('a branch closed today by an exception says when it opens on the menu line, and on its category and product pages', async ({
  page,
  request,
}) => {
  const branch = await branchBySlug(request, 'terminal-24h');
  const line = page.getByRole('region', { name: 'Tu entrega' });
  // Open, a category page has no delivery line: the menu and the cart say it.
  await page.setViewportSize({ width: 360, height: 740 });
  await seedCustomer(page, null, branch);
  await page.goto('/category/hamburguesas');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(line).toHaveCount(0);
  const reopen = await closeBranchToday(request, branch);
  try {
    await expect
      .poll(async () => {
        const listed = (await (await request.get('/api/branch-office')).json()) as {
          results: { id: number; closed: string | null }[];
        };
        return listed.results.find((each) => each.id === branch.id)?.closed ?? null;
      })
      .toMatch(/^Cerrada · abre (mañana|el \S+) a las \d{2}:\d{2}$/);

    await page.goto('/menu');
    await expect(line).toContainText(`Recoger en ${branch.title}`);
    await expect(line).toContainText(/Cerrada · abre (mañana|el \S+) a las \d{2}:\d{2}/);
    await expect(line).not.toContainText('no recibe pedidos');
    await page.screenshot({ path: 'test-results/screens/menu-closed-branch-360.png' });
    await expectNoAxeViolations(page);

    for (const path of ['/category/hamburguesas', '/producto/hamburguesa-clasica']) {
      await page.goto(path);
      await expect(line).toContainText(/Cerrada · abre (mañana|el \S+) a las \d{2}:\d{2}/);
      await expect(line.getByRole('link', { name: 'Programar' })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.screenshot({ path: 'test-results/screens/product-closed-branch-360.png' });
  } finally {
    await reopen();
  }
});

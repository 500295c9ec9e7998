import {
  bearer,
  cartLine,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  openBoard,
  placeOrder,
  seedCustomer,
  terminalBranch,
  test,
} from './console-support';

// Dietary tags and ratings against the real server (a database of this worker's own): the
// menu's tag chips lead to the search filtered by them, and a delivered order is rated once
// from its page, at 360 px, with nothing axe finds.

test('the menu’s «Vegetariano» opens the search with only vegetarian products, each card saying so', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  await seedCustomer(page, null, branch);
  await page.goto('/menu');
  const tags = page.getByRole('navigation', { name: 'Ver productos por etiqueta' });
  await expect(tags.getByRole('link')).toHaveText([
    'Vegetariano',
    'Vegano',
    'Sin gluten',
    'Picante',
  ]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('menu-tags-360.png') });

  await tags.getByRole('link', { name: 'Vegetariano' }).click();
  await expect(page).toHaveURL(/\/buscar\?etiqueta=vegetariano$/);
  const chips = page.getByRole('group', { name: 'Filtrar por' });
  await expect(chips.getByRole('button', { name: 'Vegetariano' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const names = page.getByRole('heading', { level: 2 });
  await expect(names).toContainText(['Pizza Vegetariana']);
  await expect(page.getByRole('status').filter({ hasText: /productos$/ })).toBeVisible();
  await expect(names.filter({ hasText: 'Hamburguesa Clásica' })).toHaveCount(0);
  const pizza = page.getByRole('link', { name: /Pizza Vegetariana/ });
  await expect(pizza.getByRole('list', { name: 'Apto para' })).toHaveText('Vegetariano');
  await expect(pizza).toContainText('Contiene: gluten, lácteos');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('search-vegetariano-360.png') });

  // Two tags: only what carries both (the pizza has gluten); the address keeps them for Atrás.
  await chips.getByRole('button', { name: 'Sin gluten' }).click();
  await expect(page).toHaveURL(/etiqueta=vegetariano%2Csin-gluten$/);
  await expect(names.filter({ hasText: 'Mazorca asada' })).toHaveCount(1);
  await expect(names.filter({ hasText: 'Pizza Vegetariana' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('search-two-tags-360.png') });
});

test('a delivered order is rated once from its page, and its branch reads the rating on Día', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
  });
  const staff = await loginApi(request, 'staff@comanda.test');
  for (const status of ['accepted', 'ready', 'delivered']) {
    const moved = await request.post(`/api/staff/orders/${order.id}/status`, {
      headers: bearer(staff.access_token),
      data: { status },
    });
    expect(moved.ok()).toBe(true);
  }

  await seedCustomer(page, customer, branch);
  await page.goto(`/pedidos/${order.id}`);
  const card = page.getByRole('region', { name: '¿Cómo estuvo tu pedido?' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Enviar calificación' }).click();
  await expect(card.getByText('Elige de 1 a 5 estrellas.')).toBeVisible();
  await expectNoAxeViolations(page);

  await card.getByRole('radio', { name: '4 estrellas' }).check();
  await card.getByLabel('Comentario (opcional)').fill('Llegó caliente y a tiempo.');
  await card.screenshot({ path: test.info().outputPath('rating-form-360.png') });
  await card.getByRole('button', { name: 'Enviar calificación' }).click();

  const given = page.getByRole('region', { name: 'Tu calificación' });
  await expect(given.getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
  await expect(given).toContainText('«Llegó caliente y a tiempo.»');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('rating-given-360.png'), fullPage: true });

  // Once: the page after a reload offers no form.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tu calificación' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar calificación' })).toHaveCount(0);

  // The branch reads it on Día, when asked.
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Día' }).click();
  const row = page
    .getByRole('region', { name: /Pedidos de hoy/ })
    .locator(`[data-order-id="${order.id}"]`);
  await row.getByRole('button', { name: 'Ver calificación' }).click();
  await expect(row.getByRole('status')).toHaveText(
    'Calificación: 4 de 5 · «Llegó caliente y a tiempo.»',
  );
  await expectNoAxeViolations(page);
});

import { chainClock, describeSlotDay } from '@comanda/shared';
import {
  bearer,
  card,
  cartLine,
  clearBoard,
  column,
  countChimes,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  openBoard,
  placeOrder,
  terminalBranch,
  test,
} from './console-support';

// Order ahead (product.md «Order ahead»): a scheduled order waits in Programados with its due
// time, moves to Nuevos and rings at its fire time (the browser's clock is moved there).

const QUARTER = 15 * 60_000;

test.use({ viewport: { width: 1024, height: 768 } });

test('a scheduled order waits in Programados, moves to Nuevos and rings at its fire time', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const notes = await countChimes(page);
  await page.clock.install();
  await openBoard(page, request, branch);
  await page.mouse.click(600, 500);

  // The first slot an hour ahead: far past the lead time, so it fires in about 40 minutes.
  const slot = new Date(Math.ceil((Date.now() + 60 * 60_000) / QUARTER) * QUARTER).toISOString();
  const order = await placeOrder(baseURL!, request, await newCustomer(request, 'Sofía Pérez'), {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica', 2, 'a')],
    scheduledFor: slot,
  });
  expect(order.scheduled_for).toBe(slot);

  const lane = page.locator('[data-column="scheduled"]');
  await expect(lane).toContainText(`#${order.id}`, { timeout: 3000 });
  // Today's slot reads its time alone; one past midnight names the day.
  const due = new RegExp(`PROGRAMADO (MAÑANA )?${chainClock(new Date(slot))}`);
  await expect(lane).toContainText(due);
  await expect(lane).toContainText(
    `pasa a Nuevos ${describeSlotDay(new Date(order.fire_at), new Date())}`,
  );
  await expect(column(page, 'new').locator('article')).toHaveCount(0);
  await expect(page.getByTestId('alarm')).toHaveText('Ningún pedido nuevo por responder');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('console-programados-1024.png') });

  // Its fire time: into Nuevos, ringing, the card saying PROGRAMADO.
  const before = await notes();
  await page.clock.fastForward(Date.parse(order.fire_at) - Date.now() + 10_000);
  const fired = card(page, order.id);
  await expect(column(page, 'new').locator(`article[data-order-id="${order.id}"]`)).toBeVisible({
    timeout: 10_000,
  });
  await expect(fired).toContainText(due);
  await expect(lane).toHaveCount(0);
  await expect(page.getByTestId('alarm')).toHaveText(/1 pedido nuevo sin responder · sonando/);
  await expect.poll(notes).toBeGreaterThan(before);
  await expectNoAxeViolations(page);
});

test('an order for a later day names its day in Programados and is listed on Día under that day', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  // Two days ahead (the branch is open day and night), on a quarter.
  const slot = new Date(
    Math.ceil((Date.now() + 2 * 24 * 60 * 60_000) / QUARTER) * QUARTER,
  ).toISOString();
  const order = await placeOrder(baseURL!, request, await newCustomer(request, 'Camilo Ríos'), {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
    scheduledFor: slot,
  });
  const weekday = new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    weekday: 'long',
  }).format(new Date(slot));

  await openBoard(page, request, branch);
  const lane = page.locator('[data-column="scheduled"]');
  await expect(lane).toContainText(`#${order.id}`, { timeout: 3000 });
  await expect(lane).toContainText(
    new RegExp(`PROGRAMADO EL ${weekday.toUpperCase()} \\d+ ${chainClock(new Date(slot))}`),
  );

  await page.getByRole('link', { name: 'Día' }).click();
  const later = page.getByTestId('scheduled-days');
  await expect(later.getByRole('heading', { level: 2 })).toHaveText(
    /Programados para otros días\s*1/,
  );
  const day = later.getByRole('region', { name: new RegExp(`^${weekday}`, 'i') });
  await expect(day.getByRole('heading', { level: 3 })).toHaveText(new RegExp(`^${weekday}`, 'i'));
  const row = day.locator(`li[data-order-id="${order.id}"]`);
  await expect(row).toContainText(chainClock(new Date(slot)));
  await expect(row).toContainText('Camilo Ríos');
  await expect(row).toContainText('Recibido');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({
    path: test.info().outputPath('dia-programados-1280.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({
    path: test.info().outputPath('dia-programados-360.png'),
    fullPage: true,
  });
  await clearBoard(request, branch);
});

test('a branch that accepts its scheduled orders by itself: the order waits accepted in Programados and reaches En preparación at its fire time without ringing', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  await page.clock.install();
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Controles' }).click();
  const setting = page.getByRole('switch', { name: 'Aceptar solos los pedidos programados' });
  await expect(setting).toHaveAccessibleDescription(
    'Quedan aceptados al pedirlos y pasan a En preparación a su hora, sin sonar.',
  );
  await setting.click();
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('controles-programados-1024.png') });
  try {
    await page.getByRole('link', { name: 'Pedidos' }).click();
    const slot = new Date(Math.ceil((Date.now() + 60 * 60_000) / QUARTER) * QUARTER).toISOString();
    const order = await placeOrder(baseURL!, request, await newCustomer(request, 'Valentina Gil'), {
      branch,
      lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
      scheduledFor: slot,
    });
    expect(order.status).toBe('accepted');
    expect(order.promised_at).toBe(slot);

    const lane = page.locator('[data-column="scheduled"]');
    await expect(lane).toContainText(`#${order.id}`, { timeout: 3000 });
    await expect(lane).toContainText('Aceptado · pasa a En preparación');
    await expect(page.getByTestId('alarm')).toHaveText('Ningún pedido nuevo por responder');

    await page.clock.fastForward(Date.parse(order.fire_at) - Date.now() + 10_000);
    await expect(
      column(page, 'preparing').locator(`article[data-order-id="${order.id}"]`),
    ).toBeVisible({ timeout: 10_000 });
    await expect(lane).toHaveCount(0);
    await expect(page.getByTestId('alarm')).toHaveText('Ningún pedido nuevo por responder');
  } finally {
    // The worker's server is shared by the specs after this one: leave the branch as it was.
    const staff = await loginApi(request, 'staff@comanda.test');
    const off = await request.put(`/api/staff/branches/${branch.id}/settings`, {
      headers: bearer(staff.access_token),
      data: { auto_accept_scheduled: false },
    });
    expect(off.ok()).toBe(true);
    await clearBoard(request, branch);
  }
});

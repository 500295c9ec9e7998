import { chainClock, describeScheduled, scheduleDays, type SlotsAnswer } from '@comanda/shared';
import {
  card,
  cartLine,
  clearBoard,
  closeBranchToday,
  column,
  countChimes,
  expect,
  expectNoAxeViolations,
  newCustomer,
  openBoard,
  paymentTypes,
  placeOrder,
  readOrder,
  seedCustomer,
  terminalBranch,
  test,
} from './console-support';

// Order ahead from the customer's phone to the counter (product.md «Order ahead»): at a branch
// closed today the menu's line says when it opens and offers Programar; the slot chosen there is
// the one checkout places; the board keeps the order in Programados and rings at its fire time;
// the customer's page follows the branch's answer. The exception that closes the branch is this
// worker's server's only (its tests run in turn) and is removed afterwards.

test('at a closed branch: Programar on the menu line, the order placed for its opening, Programados on the board, the customer page follows', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const counter = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const reopen = await closeBranchToday(request, branch);
  try {
    await expect
      .poll(async () => {
        const listed = (await (await request.get('/api/branch-office')).json()) as {
          results: { id: number; accepting_orders: boolean }[];
        };
        return listed.results.find((each) => each.id === branch.id)?.accepting_orders;
      })
      .toBe(false);

    // The phone: the line says when the branch opens and offers Programar.
    const customer = await newCustomer(request, 'Lucía Gómez');
    const [payment] = await paymentTypes(request);
    if (!payment) throw new Error('The demo chain has no payment type');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.clock.install();
    await seedCustomer(page, customer, branch, [
      await cartLine(request, branch, 'hamburguesa-clasica', 1, 'a'),
    ]);
    await page.goto('/menu');
    const line = page.getByRole('region', { name: 'Tu entrega' });
    await expect(line).toContainText(/Cerrada · abre (mañana|el \S+) a las \d{2}:\d{2}/);
    await line.getByRole('link', { name: 'Programar' }).click();

    // Lo antes posible cannot be kept: only Programar, on a day the branch opens.
    await expect(page).toHaveURL(/\/programar$/);
    await expect(page.getByRole('heading', { level: 1, name: '¿Para cuándo?' })).toBeVisible();
    const choices = page.getByRole('group', { name: '¿Para cuándo?' });
    await expect(choices.getByRole('radio', { name: /Lo antes posible/ })).toBeDisabled();
    await expect(choices.getByRole('radio', { name: 'Programar' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Elige una franja' })).toBeDisabled();
    // It opens on the first day with free slots, not on a Hoy that has none.
    const tomorrow = scheduleDays(new Date(await page.evaluate(() => Date.now())))[1]!;
    await expect(choices.getByRole('combobox', { name: 'Día' })).toHaveValue(tomorrow);
    const hour = choices.getByRole('combobox', { name: 'Hora' });
    const first = hour.locator('option:not([disabled]):not([value=""])').first();
    await expect(first).toBeAttached();
    const slot = (await first.getAttribute('value'))!;
    await hour.selectOption(slot);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('schedule-360.png') });
    await page.getByRole('button', { name: 'Listo' }).click();
    await expect(page).toHaveURL(/\/menu$/);

    const words = describeScheduled(
      new Date(slot),
      new Date(await page.evaluate(() => Date.now())),
    );
    expect(words).toBe(`Programado para mañana a las ${chainClock(new Date(slot))}`);
    await expect(line.getByRole('link', { name: `${words} · Cambiar` })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('menu-scheduled-line-360.png') });
    await expectNoAxeViolations(page);

    // A reload keeps the choice, and checkout places the order for that slot.
    await page.reload();
    await expect(line.getByRole('link', { name: `${words} · Cambiar` })).toBeVisible();
    await page.goto('/opciones-de-pago');
    const when = page.getByRole('group', { name: '¿Para cuándo?' });
    await expect(when.getByRole('radio', { name: 'Programar' })).toBeChecked();
    await expect(when.getByRole('combobox', { name: 'Hora' })).toHaveValue(slot);
    await page.getByRole('radio', { name: payment.parameter.description }).check();
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page).toHaveURL(/\/confirmacion\?pedido=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('pedido'));
    const order = await readOrder(request, customer.access_token, orderId);
    expect(order.scheduled_for).toBe(slot);
    // Placed: the menu's line is as soon as possible again.
    expect(await page.evaluate(() => localStorage.getItem('comanda:scheduled'))).toBeNull();

    await page.goto(`/pedidos/${orderId}`);
    await expect(page.getByTestId('order-scheduled')).toContainText(words);
    await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toBeVisible();

    // The counter: Programados with its due time until it fires, then Nuevos, ringing.
    const notes = await countChimes(counter);
    await counter.clock.install();
    await openBoard(counter, request, branch);
    await counter.mouse.click(600, 500);
    const lane = counter.locator('[data-column="scheduled"]');
    await expect(lane).toContainText(`#${orderId}`);
    await expect(lane).toContainText(`PROGRAMADO MAÑANA ${chainClock(new Date(slot))}`);
    const rung = await notes();
    await counter.clock.fastForward(Date.parse(order.fire_at) - Date.now() + 10_000);
    await expect(column(counter, 'new').locator(`article[data-order-id="${orderId}"]`)).toBeVisible(
      { timeout: 10_000 },
    );
    await expect(counter.getByTestId('alarm')).toHaveText(/1 pedido nuevo sin responder · sonando/);
    await expect.poll(notes).toBeGreaterThan(rung);
    await counter.screenshot({ path: test.info().outputPath('console-fired-1024.png') });

    await card(counter, orderId).getByRole('button', { name: 'Aceptar' }).click();
    const accept = counter.getByRole('dialog', { name: `Aceptar pedido #${orderId}` });
    await accept
      .getByRole('button', { name: /^\d+ min/ })
      .first()
      .click();
    await expect
      .poll(async () => (await readOrder(request, customer.access_token, orderId)).status)
      .toBe('accepted');

    // The customer's page, its clock at the fire time too, follows live: no longer cancellable.
    await page.clock.fastForward(Date.parse(order.fire_at) - Date.now() + 10_000);
    await expect(page.getByTestId('order-status')).toHaveText('Aceptado');
    await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    await counter.close();
    await reopen();
  }
});

test('the customer cancels their scheduled order: the page says they did, not the branch', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request, 'Lucía Cancela');
  const tomorrow = scheduleDays(new Date())[1]!;
  const slots = (await (
    await request.get(`/api/branches/${branch.id}/slots?date=${tomorrow}`)
  ).json()) as SlotsAnswer;
  const slot = slots.results.find((s) => s.available);
  if (!slot) throw new Error('No free slot tomorrow at the 24-hour branch');
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
    scheduledFor: slot.start,
  });

  await seedCustomer(page, customer, branch);
  await page.goto(`/pedidos/${order.id}`);
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  const answer = page.getByTestId('order-rejection');
  await expect(answer).toHaveText('Cancelaste tu pedido.');
  await expect(page.getByTestId('order-status')).toHaveText('Cancelado');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('cancelled-by-customer-360.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: test.info().outputPath('cancelled-by-customer-1024.png') });
});

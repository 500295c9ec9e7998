import { chainClock } from '@comanda/shared';
import {
  card,
  cartLine,
  clearBoard,
  column,
  countChimes,
  expect,
  expectNoAxeViolations,
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
  await expect(lane).toContainText(`PROGRAMADO ${chainClock(new Date(slot))}`);
  await expect(lane).toContainText(`pasa a Nuevos a las ${chainClock(new Date(order.fire_at))}`);
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
  await expect(fired).toContainText(`PROGRAMADO ${chainClock(new Date(slot))}`);
  await expect(lane).toHaveCount(0);
  await expect(page.getByTestId('alarm')).toHaveText(/1 pedido nuevo sin responder · sonando/);
  await expect.poll(notes).toBeGreaterThan(before);
  await expectNoAxeViolations(page);
});

import { formatMoney } from '@comanda/shared';
import {
  card,
  cartLine,
  expect,
  expectNoAxeViolations,
  newCustomer,
  openBoard,
  saveAddress,
  seedCustomer,
  terminalBranch,
  test,
} from './console-support';

// A note per line and the courier's tip (decision 085), as a customer on a 360 px phone and the
// branch's board see them: a burger «Sin cebolla» beside the same burger without a note (a cart
// stored before notes), a delivery with a $5.000 tip, both on the order page and on the card.

test('a line with a note and a delivery with a tip reach the order page and the board', async ({
  page,
  request,
  browser,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  await saveAddress(request, customer, branch);
  // The cart as an earlier release stored it: a line without `note`.
  const plain = await cartLine(request, branch, 'hamburguesa-clasica');

  const shop = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(shop, customer, branch, [plain]);
  await shop.goto('/producto/hamburguesa-clasica');
  const note = shop.getByLabel('Nota para la cocina (opcional)');
  await expect(note).toHaveAttribute('placeholder', 'Sin cebolla');
  await note.fill('Sin cebolla');
  // The first choice of each required single-choice group, as the seeded line has.
  for (const group of await shop.locator('fieldset[data-group-id]').all()) {
    const first = group.getByRole('radio').first();
    if ((await first.count()) > 0 && !(await group.getByRole('radio', { checked: true }).count()))
      await first.check();
  }
  await expectNoAxeViolations(shop);
  await shop.getByRole('button', { name: /^Agregar \$/ }).click();

  // Two lines of the same burger: the note makes the second one another line.
  await shop.goto('/carrito');
  const lines = shop.getByRole('list', { name: 'Productos en tu carrito' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('Nota: Sin cebolla');
  await expect(lines.nth(1)).not.toContainText('Nota:');

  await shop.goto('/opciones-de-pago');
  await shop.getByRole('radio', { name: 'Domicilio' }).check();
  await shop
    .getByRole('group', { name: 'Entregar en:' })
    .getByRole('radio', { name: /Casa/ })
    .check();
  await expect(shop.getByRole('region', { name: 'Mi Pedido' })).toContainText('Nota: Sin cebolla');
  const bar = shop.getByRole('region', { name: 'Total del pedido' });
  const before = Number((await bar.locator('strong').last().innerText()).replace(/\D/g, ''));
  await shop
    .getByRole('group', { name: 'Propina para el domiciliario' })
    .getByRole('radio', { name: formatMoney(5000) })
    .check();
  await expect(bar).toContainText('Propina para el domiciliario');
  await expect(bar.locator('strong').last()).toHaveText(formatMoney(before + 5000));
  await shop.getByRole('radio', { name: 'Efectivo' }).check();
  await expectNoAxeViolations(shop);
  await shop.getByRole('button', { name: 'Continuar' }).click();

  await expect(shop).toHaveURL(/\/confirmacion\?pedido=\d+$/);
  const id = Number(new URL(shop.url()).searchParams.get('pedido'));
  await shop.getByRole('link', { name: 'Ver estado del pedido' }).click();
  await expect(shop).toHaveURL(/\/pedidos\/\d+$/);
  const details = shop.getByRole('main');
  await expect(details).toContainText('Nota: Sin cebolla');
  await expect(details).toContainText(`Propina para el domiciliario${formatMoney(5000)}`);
  await expect(details).toContainText(`Total con propina${formatMoney(before + 5000)}`);
  await expectNoAxeViolations(shop);
  // And in the history, on the order's card.
  await shop.goto('/pedidos');
  const past = shop.getByRole('article').filter({
    has: shop.getByRole('list', { name: `Productos del pedido ${id}` }),
  });
  await expect(past).toContainText('Nota: Sin cebolla');
  await expect(past).toContainText(`Propina para el domiciliario${formatMoney(5000)}`);
  await shop.close();

  // The branch's board: the note under its line, the tip apart from the total.
  await page.setViewportSize({ width: 1024, height: 768 });
  await openBoard(page, request, branch);
  const order = card(page, id);
  await expect(order).toContainText('Nota: Sin cebolla');
  await expect(order).toContainText(`Propina+${formatMoney(5000)}`);
  await expectNoAxeViolations(page);
});

import type { Page } from '@playwright/test';
import {
  card,
  clearBoard,
  expect,
  expectNoAxeViolations,
  openBoard,
  terminalBranch,
  test,
} from './console-support';

// An order taken by phone (decision 087): from the board's «Nuevo pedido», staff find no
// customer with the number, make one with a name, add a burger with its options from the
// branch's menu, pick cash, and place it; it rings on the board like any order, marked
// «Teléfono». On a counter's 10" tablet in landscape.

test.use({ viewport: { width: 1024, height: 768 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('a phone order placed from the console shows on the board with its channel', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Nuevo pedido' }).click();
  await expect(
    page.getByRole('heading', { name: `Nuevo pedido en ${branch.title}` }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Teléfono' })).toBeChecked();

  const phone = `32${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Teléfono del cliente').fill(phone);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('No hay un cliente con ese teléfono')).toBeVisible();
  await page.getByLabel('Nombre del cliente').fill('Marta Prueba');

  await page.getByRole('button', { name: 'Hamburguesas' }).click();
  await page.getByRole('button', { name: /Hamburguesa Clásica/ }).click();
  await expect(page.getByRole('heading', { name: 'Hamburguesa Clásica' })).toBeVisible();
  // A size-like choice has no default: the button says what is missing until it is chosen.
  await expect(page.getByRole('button', { name: 'Elige término de la carne' })).toBeDisabled();
  await page.getByRole('radio', { name: 'Término medio' }).check();
  await page.getByRole('checkbox', { name: /Tocineta/ }).check();
  await page.getByRole('button', { name: 'Agregar al pedido' }).click();
  await page.getByRole('button', { name: 'Agregar uno de Hamburguesa Clásica' }).click();
  await page.getByLabel('Pago').selectOption({ label: 'Efectivo' });
  await expectNoAxeViolations(page);
  await shot(page, 'new-order-1024');

  await page.getByRole('button', { name: /Tomar pedido/ }).click();
  const note = page.getByRole('status').filter({ hasText: 'tomado por teléfono' });
  await expect(note).toContainText('para Marta Prueba');
  const id = Number(/#(\d+)/.exec((await note.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  // The next call starts from an empty order on the same channel.
  await expect(page.getByLabel('Teléfono del cliente')).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Teléfono' })).toBeChecked();
  await shot(page, 'new-order-placed-1024');

  await page.getByRole('link', { name: 'Pedidos' }).click();
  const placed = card(page, id);
  await expect(placed).toBeVisible();
  await expect(placed.getByRole('heading', { name: `#${id} Teléfono` })).toBeVisible();
  await expect(placed).toContainText('2');
  await expectNoAxeViolations(page);
  await shot(page, 'board-phone-order-1024');
  // The compact line says it too, short («Tel.»), and whole to a screen reader.
  await page.getByRole('button', { name: 'Compacta' }).click();
  const row = card(page, id);
  await expect(row.getByText('Tel.', { exact: true })).toBeVisible();
  await expect(row).toContainText('Teléfono');
  await expectNoAxeViolations(page);
  await shot(page, 'board-phone-order-compact-1024');
  await page.getByRole('button', { name: 'Tarjetas' }).click();

  // On a phone the screen is one column: the menu, then the order.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('link', { name: 'Nuevo pedido' }).click();
  await page.getByRole('button', { name: 'Hamburguesas' }).click();
  await expect(page.getByRole('button', { name: /Hamburguesa Clásica/ })).toBeVisible();
  await shot(page, 'new-order-360');
});

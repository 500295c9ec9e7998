import { PRINTER_MESSAGES, type Printer } from '@comanda/shared';
import { createServer, type Server } from 'node:net';
import {
  bearer,
  cartLine,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  openBoard,
  placeOrder,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// Impresoras (decision 071): the admin adds a branch's thermal printer in Sedes; the console's
// Controles say when it is not printing and what waits for it, the jobs come out once it is
// back, and Día's Reimprimir sends the ticket again. The printer is a TCP listener here.

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial' });

/** A printer on the loopback that keeps each connection's bytes; off until `on`. */
function loopbackPrinter() {
  const jobs: Buffer[] = [];
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((socket) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => {
          jobs.push(Buffer.concat(chunks));
          socket.end();
        });
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { jobs, listen, close, port: () => port };
}

let printer: ReturnType<typeof loopbackPrinter>;

test.afterEach(async ({ request }) => {
  await printer?.close();
  const branch = await terminalBranch(request);
  const admin = await loginApi(request, 'admin@comanda.test');
  const listed = await request.get(`/api/admin/branches/${branch.id}/printers`, {
    headers: bearer(admin.access_token),
  });
  for (const p of ((await listed.json()) as { results: Printer[] }).results)
    await request.delete(`/api/admin/branches/${branch.id}/printers/${p.id}`, {
      headers: bearer(admin.access_token),
    });
});

test('the admin adds a printer in Sedes: a port of another service is refused in Spanish, then it is listed', async ({
  page,
  request,
}) => {
  printer = loopbackPrinter();
  const branch = await terminalBranch(request);
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), branch.id);
  await page.goto(`/panel/admin/sedes/${branch.id}/datos`);
  const card = page.getByRole('region', { name: 'Impresoras' });
  await expect(card).toContainText('La sede aún no tiene impresoras.');
  await card.getByRole('button', { name: 'Agregar impresora' }).click();
  const form = page.getByRole('form', { name: 'Nueva impresora' });
  await form.getByLabel('Nombre').fill('Parrilla');
  await form.getByLabel('Dirección en la red').fill('192.168.1.50');
  await form.getByLabel('Puerto').fill('6379');
  await form.getByLabel('Ancho del papel').selectOption('58');
  await form.getByLabel('Pedido nuevo').check();
  await form.getByRole('button', { name: 'Guardar impresora' }).click();
  await expect(form).toContainText(PRINTER_MESSAGES.portUnsafe);
  await expectNoAxeViolations(page);

  await form.getByLabel('Puerto').fill('9100');
  await form.getByRole('button', { name: 'Guardar impresora' }).click();
  await expect(card.getByRole('listitem')).toContainText(
    'Parrilla 192.168.1.50:9100 · 58 mm · cp858 · ticket · Pedido nuevo, Al aceptar, Reimprimir',
  );
  await expect(page.getByRole('form', { name: 'Nueva impresora' })).toHaveCount(0);
});

test('Controles show a printer that is off with what waits for it; back on, it prints; Día reprints', async ({
  page,
  request,
  baseURL,
}) => {
  printer = loopbackPrinter();
  await printer.listen();
  await printer.close();
  const branch = await terminalBranch(request);
  const admin = await loginApi(request, 'admin@comanda.test');
  const added = await request.post(`/api/admin/branches/${branch.id}/printers`, {
    headers: bearer(admin.access_token),
    data: { name: 'Parrilla', host: '127.0.0.1', port: printer.port(), when: ['new', 'manual'] },
  });
  expect(added.status()).toBe(201);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const customer = await newCustomer(request, `Impresa ${Date.now().toString(36)}`);
  const order = await placeOrder(baseURL!, request, customer, { branch, lines });

  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Controles' }).click();
  const printers = page.getByRole('region', { name: 'Impresoras' });
  await expect(printers).toContainText('Impresora Parrilla sin conexión · 1 pendiente', {
    timeout: 20_000,
  });
  await expectNoAxeViolations(page);

  await printer.listen();
  await expect.poll(() => printer.jobs.length, { timeout: 40_000 }).toBe(1);
  await expect(printers).toContainText('La impresora imprime.', { timeout: 20_000 });

  await page.getByRole('link', { name: 'Día' }).click();
  const row = page.locator(`[data-order-id="${order.id}"]`);
  await row.getByRole('button', { name: `Reimprimir el pedido ${order.id}` }).click();
  await expect(row).toContainText('Enviado a 1 impresora.');
  await expect.poll(() => printer.jobs.length, { timeout: 20_000 }).toBe(2);
  await expectNoAxeViolations(page);
});

import { formatMoney } from '@comanda/shared';
import {
  bearer,
  card,
  cartLine,
  clearBoard,
  promiseText,
  column,
  countChimes,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  openBoard,
  openBoardWithoutSocket,
  placeOrder,
  readOrder,
  saveAddress,
  seedCustomer,
  terminalBranch,
  test,
  UNDO_PAST_MS,
} from './console-support';

// The board of a branch against a real server and real sockets: orders placed by customers over
// Socket.IO appear without a reload, and every answer reaches the customer's screen live.

test.use({ viewport: { width: 1280, height: 800 } });

test('a new order appears on the open board at once, rings until someone silences it, and the title counts it', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const notes = await countChimes(page);
  // The alarm rings on the page's timers: a fake clock (flowing with real time until told to
  // run) shows it ringing again, and staying silent, without waiting its period out.
  await page.clock.install();
  await openBoard(page, request, branch);
  await expect(page).toHaveTitle('Panel · Terminal 24h');
  await expect(column(page, 'new').getByText('Sin pedidos nuevos.')).toBeVisible();
  // Sound needs a first tap; any tap on the page gives it.
  await page.mouse.click(640, 500);
  await expect(page.getByText('Sonido desactivado.')).toHaveCount(0);
  // The alarm's place is held before any order waits, as tall as when one does: an order
  // arriving never moves the board under a finger about to tap.
  await expect(page.getByTestId('alarm')).toHaveText('Ningún pedido nuevo por responder');
  const boardTop = async () => (await page.locator('main#panel').boundingBox())!.y;
  const top = await boardTop();

  const customer = await newCustomer(request, 'Laura Gómez');
  const lines = [
    await cartLine(request, branch, 'hamburguesa-clasica', 2, 'a'),
    await cartLine(request, branch, 'pizza-hawaiana', 1, 'b'),
  ];
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines,
    observation: 'Sin cebolla, por favor',
    paymentIndex: 1,
  });

  // The socket brings it: the board re-reads only every 30 s otherwise.
  const placed = card(page, order.id);
  await expect(placed).toBeVisible({ timeout: 3000 });
  await expect(column(page, 'new').locator('article')).toHaveCount(1);
  await expect(page).toHaveTitle('(1) Panel · Terminal 24h');
  expect(await boardTop()).toBe(top);
  await expect(placed.getByRole('heading', { name: `#${order.id}` })).toBeVisible();
  await expect(placed).toContainText('Laura Gómez');
  await expect(placed.getByRole('link', { name: /^3\d\d \d\d\d \d\d\d\d$/ })).toHaveAttribute(
    'href',
    `tel:${customer.user.phone}`,
  );
  await expect(placed).toContainText('Recoger');
  await expect(placed.getByRole('listitem')).toHaveText([
    `2×Hamburguesa Clásica${order.detail[0]!.options.map((o) => o.title).join(' · ')}`,
    `1×Pizza Hawaiana${order.detail[1]!.options.map((o) => o.title).join(' · ')}`,
  ]);
  await expect(placed).toContainText('RecomendaciónSin cebolla, por favor');
  await expect(placed).toContainText(order.payment);
  await expect(placed).toContainText(formatMoney(order.total));
  await expect(placed).toContainText('Ahora');

  const alarm = page.getByTestId('alarm');
  await expect(alarm).toHaveText(/1 pedido nuevo sin responder · sonando/);
  await expect.poll(notes).toBeGreaterThan(0);
  // It rings again every few seconds while nobody answers.
  const first = await notes();
  await page.clock.runFor(5000); // longer than the 4 s between rings
  await expect.poll(notes).toBeGreaterThan(first);
  await expectNoAxeViolations(page);

  await alarm.getByRole('button', { name: 'Silenciar' }).click();
  await expect(alarm).toHaveText(/alarma silenciada/);
  expect(await boardTop()).toBe(top);
  const silenced = await notes();
  await page.clock.runFor(5000);
  expect(await notes()).toBe(silenced);

  // Another order rings again, and the title counts both.
  const second = await placeOrder(baseURL!, request, await newCustomer(request, 'Andrés Ruiz'), {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
  });
  await expect(card(page, second.id)).toBeVisible({ timeout: 3000 });
  await expect(page).toHaveTitle('(2) Panel · Terminal 24h');
  await expect(alarm).toHaveText(/2 pedidos nuevos sin responder · sonando/);
  await expect.poll(notes).toBeGreaterThan(silenced);
});

test('accept with 20 minutes: the card moves at once and the customer reads "Listo aprox." live; then Listo and Entregado', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
  });

  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(phone, customer, branch);
  await phone.goto(`/pedidos/${order.id}`);
  await expect(phone.getByTestId('order-status')).toHaveText('Recibido');

  // Deshacer's 5 s pass on the page's clock, moved past them where the test says so.
  await page.clock.install();
  await openBoard(page, request, branch);
  await card(page, order.id).getByRole('button', { name: 'Aceptar' }).click();
  const dialog = page.getByRole('dialog', { name: `Aceptar pedido #${order.id}` });
  // One choice is marked: the queue's figure (the shared promise function), not a constant.
  await expect(dialog.getByText('habitual')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: /^20 min/ }).click();

  await expect(
    column(page, 'preparing').locator(`article[data-order-id="${order.id}"]`),
  ).toBeVisible();
  await page.clock.fastForward(UNDO_PAST_MS);
  // The card moves before the server answers: wait for the stored status, not the screen.
  await expect
    .poll(async () => (await readOrder(request, customer.access_token, order.id)).status)
    .toBe('accepted');
  const accepted = await readOrder(request, customer.access_token, order.id);
  expect(Date.parse(accepted.promised_at!) - Date.parse(accepted.accepted_at!)).toBe(20 * 60_000);
  await expect(card(page, order.id)).toContainText(
    promiseText('Listo aprox.', accepted.promised_at!, accepted.accepted_at!),
  );
  // The customer's page changed by itself.
  await expect(phone.getByTestId('order-promise')).toHaveText(
    promiseText('Listo aprox.', accepted.promised_at!, accepted.accepted_at!),
  );
  await expect(phone.getByTestId('order-status')).toHaveText('Aceptado');

  await card(page, order.id).getByRole('button', { name: 'Listo' }).click();
  await expect(column(page, 'ready').locator(`article[data-order-id="${order.id}"]`)).toBeVisible();
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(phone.getByTestId('order-status')).toHaveText('Listo');
  // The kitchen went through "En preparación" on the way.
  await expect
    .poll(async () =>
      (await readOrder(request, customer.access_token, order.id)).history.map(
        (step) => step.status,
      ),
    )
    .toEqual(['received', 'accepted', 'preparing', 'ready']);

  await card(page, order.id).getByRole('button', { name: 'Entregado' }).click();
  await expect(card(page, order.id)).toHaveCount(0);
  await expect(phone.getByTestId('order-status')).toHaveText('Entregado');
  await phone.close();
});

test('a delivery order: another time typed in, "Llega aprox." for the customer, then En camino and Entregado', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const address = await saveAddress(request, customer, branch);
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'pizza-hawaiana')],
    delivery: address,
  });

  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(phone, customer, branch);
  await phone.goto(`/pedidos/${order.id}`);
  await expect(phone.getByTestId('order-status')).toHaveText('Recibido');

  await page.clock.install();
  await openBoard(page, request, branch);
  await expect(card(page, order.id)).toContainText('Domicilio');
  await expect(card(page, order.id)).toContainText(address.address);
  await card(page, order.id).getByRole('button', { name: 'Aceptar' }).click();
  const dialog = page.getByRole('dialog', { name: `Aceptar pedido #${order.id}` });
  // Out of range: said plainly, nothing sent.
  await dialog.getByLabel('Otro tiempo (minutos)').fill('200');
  await dialog.getByRole('button', { name: 'Aceptar', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Escribe un número de 1 a 180 minutos.');
  expect((await readOrder(request, customer.access_token, order.id)).status).toBe('received');
  await dialog.getByLabel('Otro tiempo (minutos)').fill('50');
  await dialog.getByRole('button', { name: 'Aceptar', exact: true }).click();

  await expect(
    column(page, 'preparing').locator(`article[data-order-id="${order.id}"]`),
  ).toBeVisible();
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect
    .poll(async () => (await readOrder(request, customer.access_token, order.id)).status)
    .toBe('accepted');
  const accepted = await readOrder(request, customer.access_token, order.id);
  expect(Date.parse(accepted.promised_at!) - Date.parse(accepted.accepted_at!)).toBe(50 * 60_000);
  await expect(phone.getByTestId('order-promise')).toHaveText(
    promiseText('Llega aprox.', accepted.promised_at!, accepted.accepted_at!),
  );

  await card(page, order.id).getByRole('button', { name: 'Listo' }).click();
  await card(page, order.id).getByRole('button', { name: 'En camino' }).click();
  await expect(
    column(page, 'on_the_way').locator(`article[data-order-id="${order.id}"]`),
  ).toBeVisible();
  await expect(phone.getByTestId('order-status')).toHaveText('En camino');
  await card(page, order.id).getByRole('button', { name: 'Entregado' }).click();
  await expect(card(page, order.id)).toHaveCount(0);
  await expect(phone.getByTestId('order-status')).toHaveText('Entregado');
  await phone.close();
});

test('reject with a reason: the customer reads it live on the confirmation page, "Otro" takes typed words', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const first = await placeOrder(baseURL!, request, customer, { branch, lines });
  const second = await placeOrder(baseURL!, request, customer, { branch, lines });

  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(phone, customer, branch);
  await phone.goto(`/confirmacion?pedido=${first.id}`);
  await expect(phone.getByTestId('order-status')).toHaveText('Recibido');

  await page.clock.install();
  await openBoard(page, request, branch);
  await card(page, first.id).getByRole('button', { name: 'Rechazar' }).click();
  const dialog = page.getByRole('dialog', { name: `Rechazar pedido #${first.id}` });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cocina saturada' }).click();
  // A rejection leaves the board once Deshacer's window is past.
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(card(page, first.id)).toHaveCount(0);
  await expect(phone.getByTestId('order-status')).toHaveText('Rechazado');
  await expect(phone.getByTestId('order-rejection')).toContainText('Motivo: Cocina saturada');
  expect((await readOrder(request, customer.access_token, first.id)).reject_reason).toBe(
    'Cocina saturada',
  );

  await phone.goto(`/pedidos/${second.id}`);
  await card(page, second.id).getByRole('button', { name: 'Rechazar' }).click();
  const other = page.getByRole('dialog', { name: `Rechazar pedido #${second.id}` });
  await other.getByRole('button', { name: 'Otro' }).click();
  await other.getByRole('button', { name: 'Rechazar pedido' }).click();
  await expect(other.getByRole('alert')).toHaveText('Escribe el motivo para el cliente.');
  await other.getByLabel('Motivo').fill('Se fue la luz en el local');
  await other.getByRole('button', { name: 'Rechazar pedido' }).click();
  await expect(other).toHaveCount(0);
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(phone.getByTestId('order-rejection')).toContainText(
    'Motivo: Se fue la luz en el local',
  );
  await phone.close();
});

test('every screen of the branch hears an answer; one that missed it catches up on reconnecting', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const branch = await terminalBranch(request);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const first = await placeOrder(baseURL!, request, await newCustomer(request), { branch, lines });
  const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.clock.install();
  await openBoard(page, request, branch);
  await openBoard(other, request, branch, 'admin@comanda.test');

  await card(page, first.id).getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '20 min', exact: true }).click();
  await expect(
    column(page, 'preparing').locator(`article[data-order-id="${first.id}"]`),
  ).toBeVisible();
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(
    column(other, 'preparing').locator(`article[data-order-id="${first.id}"]`),
  ).toBeVisible();

  // The second screen loses its network and misses an order and an answer…
  await other.context().setOffline(true);
  await expect(other.getByText('Sin conexión.')).toBeVisible({ timeout: 30_000 });
  const second = await placeOrder(baseURL!, request, await newCustomer(request), { branch, lines });
  await card(page, first.id).getByRole('button', { name: 'Listo' }).click();
  await expect(column(page, 'ready').locator(`article[data-order-id="${first.id}"]`)).toBeVisible();
  await page.clock.fastForward(UNDO_PAST_MS);
  // …and back online it catches up by itself, without a reload.
  await other.context().setOffline(false);
  await expect(card(other, second.id)).toBeVisible({ timeout: 15_000 });
  await expect(
    column(other, 'ready').locator(`article[data-order-id="${first.id}"]`),
  ).toBeVisible();
  await expect(other.getByText('Sin conexión.')).toHaveCount(0);
  await other.close();
});

test('a screen without its connection: a Rechazar is held on its card, and refused aloud once back because another screen accepted the order meanwhile', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const order = await placeOrder(baseURL!, request, await newCustomer(request), {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
  });
  // No socket for this screen until `connected`: it knows only what it read.
  let connected = false;
  await page.routeWebSocket(/socket\.io/, (socket) => {
    if (connected) socket.connectToServer();
    else socket.close();
  });
  await page.route('**/socket.io/**', (route) => (connected ? route.continue() : route.abort()));
  await page.clock.install();
  await openBoardWithoutSocket(page, request, branch);
  await expect(card(page, order.id)).toBeVisible();

  // Another screen accepts it meanwhile.
  const staff = await loginApi(request, 'staff@comanda.test');
  expect(
    (
      await request.post(`/api/staff/orders/${order.id}/status`, {
        headers: bearer(staff.access_token),
        data: { status: 'accepted' },
      })
    ).ok(),
  ).toBe(true);

  await card(page, order.id).getByRole('button', { name: 'Rechazar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Producto agotado' }).click();
  // Without a connection nothing is sent: the card says what waits once Deshacer's 5 s are past.
  await page.clock.fastForward(UNDO_PAST_MS);
  await expect(card(page, order.id)).toContainText('Pendiente:');

  connected = true;
  await expect(
    page.getByText(/No enviamos lo que se tocó sin conexión porque el pedido cambió/),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    column(page, 'preparing').locator(`article[data-order-id="${order.id}"]`),
  ).toBeVisible();
});

test('late orders: unanswered for three minutes, or past the promised time, read "Demorado"', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const waiting = await placeOrder(baseURL!, request, customer, { branch, lines });
  const cooking = await placeOrder(baseURL!, request, customer, { branch, lines });
  await page.clock.install();
  await openBoard(page, request, branch);
  await card(page, cooking.id).getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '10 min', exact: true }).click();
  await expect(
    column(page, 'preparing').locator(`article[data-order-id="${cooking.id}"]`),
  ).toBeVisible();
  await expect(card(page, waiting.id)).not.toContainText('Demorado');

  await page.clock.fastForward('03:05');
  await expect(card(page, waiting.id)).toContainText('Demorado · sin respuesta');
  await expect(card(page, cooking.id)).not.toContainText('Demorado');

  await page.clock.fastForward('08:00');
  await expect(card(page, cooking.id)).toContainText('Demorado · pasó la hora');
});

test('printing: Imprimir prints the ticket, and with "Imprimir al aceptar" on, accepting prints it', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  await page.addInitScript(() => {
    const printed = window as unknown as { __printed: string[] };
    printed.__printed = [];
    window.print = () => {
      printed.__printed.push(document.querySelector('[data-testid="ticket"]')?.textContent ?? '');
    };
  });
  const printed = () =>
    page.evaluate(() => (window as unknown as { __printed: string[] }).__printed);
  const order = await placeOrder(
    baseURL!,
    request,
    await newCustomer(request, 'Juliana Restrepo'),
    {
      branch,
      lines: [await cartLine(request, branch, 'hamburguesa-clasica', 3)],
      observation: 'Bien asada',
    },
  );
  await openBoard(page, request, branch);
  await card(page, order.id).getByRole('button', { name: 'Imprimir' }).click();
  await expect.poll(printed).toHaveLength(1);
  const [ticket] = await printed();
  expect(ticket).toContain(`#${order.id}`);
  expect(ticket).toContain('3 × Hamburguesa Clásica');
  expect(ticket).toContain('Bien asada');
  expect(ticket).toContain(formatMoney(order.total));

  await page.getByRole('link', { name: 'Controles' }).click();
  const autoPrint = page.getByRole('switch', { name: 'Imprimir el pedido al aceptarlo' });
  await expect(autoPrint).toHaveAttribute('aria-checked', 'false');
  await autoPrint.click();
  await expect(autoPrint).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('link', { name: 'Pedidos' }).click();
  await card(page, order.id).getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '20 min', exact: true }).click();
  await expect.poll(printed).toHaveLength(2);
  expect((await printed())[1]).toContain('Listo');

  await page.getByRole('link', { name: 'Controles' }).click();
  await autoPrint.click();
  await expect(autoPrint).toHaveAttribute('aria-checked', 'false');
});

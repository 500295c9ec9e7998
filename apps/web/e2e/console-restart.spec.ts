import {
  card,
  cartLine,
  clearBoard,
  expect,
  newCustomer,
  openBoard,
  placeOrder,
  terminalBranch,
  test,
} from './console-support';

// Never miss an order: whatever happened while the board was not listening — the server went
// down and came back, the tablet was closed — the board shows every open order.

test.use({ viewport: { width: 1280, height: 800 } });

test('the board after the server restarts shows every open order, those placed while it was down too', async ({
  page,
  request,
  baseURL,
  consoleServer,
}) => {
  const branch = await terminalBranch(request);
  await clearBoard(request, branch);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  const before = await placeOrder(baseURL!, request, await newCustomer(request), { branch, lines });
  await openBoard(page, request, branch);
  await expect(card(page, before.id)).toBeVisible();

  let placedAfter: number[] = [];
  await consoleServer.restart(async () => {
    // Down: the board says it is not live.
    await expect(page.getByText('Sin conexión.')).toBeVisible({ timeout: 15_000 });
  });
  // Back up: orders land before the board has reconnected (it retries every few seconds).
  for (const name of ['Carlos Pérez', 'Sofía Herrera']) {
    placedAfter = [
      ...placedAfter,
      (await placeOrder(baseURL!, request, await newCustomer(request, name), { branch, lines })).id,
    ];
  }

  for (const id of [before.id, ...placedAfter])
    await expect(card(page, id)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('En línea', { exact: true })).toBeVisible();
  await expect(page.getByText('Sin conexión.')).toHaveCount(0);
  await expect(page).toHaveTitle('(3) Panel · Terminal 24h');
});

test('a board opened again (a reload, a tablet switched back on) shows the orders placed while it was closed', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const lines = [await cartLine(request, branch, 'pizza-hawaiana')];
  await openBoard(page, request, branch);
  await page.goto('about:blank');
  const placed = await placeOrder(baseURL!, request, await newCustomer(request), { branch, lines });
  await page.goto('/panel');
  await expect(card(page, placed.id)).toBeVisible();
});

test('an order heard while the board is re-reading its list stays on the board', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const lines = [await cartLine(request, branch, 'hamburguesa-clasica')];
  // An order the board knows from its first read, whose name the held answer changes: when that
  // name shows, the held answer has been applied to the board.
  const marker = (
    await placeOrder(baseURL!, request, await newCustomer(request), { branch, lines })
  ).id;
  await openBoard(page, request, branch);
  await expect(card(page, marker)).toBeVisible();

  // The next read of the list reaches the server and its answer is held on the wire; an order
  // placed meanwhile reaches the board as an event, then the older answer arrives.
  let placed = 0;
  const openOrdersRead = /\/api\/staff\/orders\?.*scope=open/;
  await page.route(
    openOrdersRead,
    async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as {
        results: { id: number; customer: { name: string } }[];
      };
      for (const order of body.results)
        if (order.id === marker) order.customer.name = 'Lectura aplicada';
      placed = (await placeOrder(baseURL!, request, await newCustomer(request), { branch, lines }))
        .id;
      await expect(card(page, placed)).toBeVisible();
      await route.fulfill({ response: answer, json: body });
    },
    { times: 1 },
  );
  const reread = page.waitForResponse(openOrdersRead);
  // What a tablet coming back online does: read the list again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await reread;

  await expect(card(page, marker)).toContainText('Lectura aplicada');
  // The same update put the older list on the board: the order heard meanwhile is still there.
  expect(await card(page, placed).count()).toBe(1);
});

import { expect, test } from './base-test';
import { branchBySlug, seedCustomer } from './console-support';

// Decision 096: a first-time visitor who has chosen nothing downloads no socket code and opens no
// socket; choosing a branch opens it, and its first connection reads the branch list again, since
// no event could have said a branch changed before there was a socket.

test('a first visit opens no socket until a branch is chosen, then opens one and reads the branches again', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const socketRequests: string[] = [];
  const branchReads: number[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path.startsWith('/socket.io')) socketRequests.push(path);
    if (path === '/api/branch-office') branchReads.push(Date.now());
  });

  await page.goto('/menu', { waitUntil: 'load' });
  await expect(page.getByRole('button', { name: /elegir sede/ })).toContainText('Elige sede');
  // Past the moment a socket used to open (the page's load) and its connection would be up.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  expect(sockets).toEqual([]);
  expect(socketRequests).toEqual([]);

  await page.goto('/delivery-takeout');
  await expect(page.getByRole('list', { name: 'Sedes para recoger' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sockets).toEqual([]);
  const readsBeforeChoosing = branchReads.length;
  const opened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io'));
  await page
    .getByRole('list', { name: 'Sedes para recoger' })
    .getByRole('button', { name: new RegExp(`^${campina.title}`) })
    .click();
  await expect(page).toHaveURL(/\/menu$/);
  await opened;
  // The late socket's first connection reads the branch list again.
  await expect.poll(() => branchReads.length).toBeGreaterThan(readsBeforeChoosing);
});

test('a returning visitor with a chosen branch gets the socket once the page has loaded', async ({
  page,
  request,
}) => {
  await seedCustomer(page, null, await branchBySlug(request, 'campina'));
  const opened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io'));
  await page.goto('/menu');
  await opened;
});

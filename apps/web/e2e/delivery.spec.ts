import {
  formatMoney,
  type Address,
  type AdminBranch,
  type AuthResponse,
  type Branch,
  type Category,
  type CoverageEntry,
  type Product,
} from '@comanda/shared';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bearer,
  card,
  cartLine,
  expect,
  expectNoAxeViolations,
  freeZone,
  loginApi,
  newCustomer,
  openBoard,
  placeOrder,
  terminalBranch,
  test,
} from './console-support';
import { stuckChrome } from './layout-support';

// Delivery done right (product.md «Delivery: the address first»): the address comes first, the
// branch that reaches it is chosen, its fee, minimum and estimate are said before ordering and
// follow rush mode live, the type stays Domicilio through reloads and re-orders, and the
// address's notes reach the board and the ticket. These tests change a branch's zones and rush
// minutes, so they run on the console specs' per-worker server (console-support.ts) and put
// everything back.

/** Screens as a customer sees them, at the phone size of the config, to look at after a run. */
const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/delivery-${name}.png`, fullPage: true });

const NOTES = 'Torre 2 apto 303, timbre dañado';

async function storedDelivery(page: Page) {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('storage') ?? '{}') as { delivery?: unknown }).delivery,
  );
}

async function coverage(
  request: APIRequestContext,
  neighbourhood: string,
): Promise<CoverageEntry[]> {
  const response = await request.get(
    `/api/delivery/coverage?neighbourhood=${encodeURIComponent(neighbourhood)}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: CoverageEntry[] }).results;
}

/** The line the storefront must show for a delivery, from the server's own figures. */
function deliveryText(entry: CoverageEntry, neighbourhood: string) {
  const fee = entry.fee > 0 ? formatMoney(entry.fee) : 'envío gratis';
  const minimum = entry.min_order > 0 ? `mínimo ${formatMoney(entry.min_order)}` : 'sin mínimo';
  const eta =
    entry.eta_min === entry.eta_max
      ? `${entry.eta_min} min`
      : `${entry.eta_min}–${entry.eta_max} min`;
  return `Domicilio a ${neighbourhood} · ${fee} · ${minimum} · llega en ${eta}`;
}

/** Sets one zone's fee, minimum and minutes through the back office's API; returns the zones as they were. */
async function setZone(
  request: APIRequestContext,
  branch: Branch,
  neighbourhood: string,
  change: { fee: number; min_order: number; delivery_minutes: number },
): Promise<AdminBranch['zones']> {
  const admin = await loginApi(request, 'admin@comanda.test');
  const current = (
    (await (
      await request.get(`/api/admin/branches/${branch.id}`, { headers: bearer(admin.access_token) })
    ).json()) as {
      results: AdminBranch;
    }
  ).results.zones;
  const zones = current.map((zone) =>
    zone.neighbourhood === neighbourhood ? { ...zone, ...change } : zone,
  );
  const saved = await request.put(`/api/admin/branches/${branch.id}/zones`, {
    headers: bearer(admin.access_token),
    data: { zones },
  });
  expect(saved.ok()).toBe(true);
  return current;
}

/** Adds a zone to a branch through the back office's API; returns the zones as they were. */
async function addZone(
  request: APIRequestContext,
  branch: Branch,
  zone: { neighbourhood: string; fee: number; min_order: number; delivery_minutes: number },
) {
  const admin = await loginApi(request, 'admin@comanda.test');
  const current = (
    (await (
      await request.get(`/api/admin/branches/${branch.id}`, { headers: bearer(admin.access_token) })
    ).json()) as {
      results: AdminBranch;
    }
  ).results.zones;
  const saved = await request.put(`/api/admin/branches/${branch.id}/zones`, {
    headers: bearer(admin.access_token),
    data: { zones: [...current, zone] },
  });
  expect(saved.ok()).toBe(true);
  return current;
}

async function restoreZones(
  request: APIRequestContext,
  branch: Branch,
  zones: AdminBranch['zones'],
) {
  const admin = await loginApi(request, 'admin@comanda.test');
  const saved = await request.put(`/api/admin/branches/${branch.id}/zones`, {
    headers: bearer(admin.access_token),
    data: { zones },
  });
  expect(saved.ok()).toBe(true);
}

async function saveAddressIn(
  request: APIRequestContext,
  customer: AuthResponse,
  neighbourhood: string,
  city: string,
): Promise<Address> {
  const response = await request.post('/api/addresses', {
    headers: bearer(customer.access_token),
    data: { label: 'Casa', address: 'Cl. 24 #68-50', neighbourhood, city, notes: NOTES },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: Address }).results;
}

/** A product of the branch with no required choice: one tap on its page adds it. */
async function simpleProduct(
  request: APIRequestContext,
  branch: Branch,
): Promise<{ product: Product; category: Category }> {
  const categories = (
    (await (await request.get('/api/category-client')).json()) as { results: Category[] }
  ).results;
  for (const category of categories) {
    const { results } = (await (
      await request.get(`/api/category/${category.slug}/${branch.id}`)
    ).json()) as {
      results: { products: { slug: string; available: boolean }[] };
    };
    for (const cardInfo of results.products) {
      if (!cardInfo.available) continue;
      const product = (
        (await (await request.get(`/api/products/${cardInfo.slug}/${branch.id}`)).json()) as {
          results: Product;
        }
      ).results;
      if (!product.modifier_group.some((group) => group.required)) return { product, category };
    }
  }
  throw new Error(`${branch.title} sells nothing without a required choice`);
}

/** A customer's storefront session as the contract stores it, in a delivery flow to a saved address. */
async function seedDelivery(
  page: Page,
  customer: AuthResponse | null,
  branch: Branch | null,
  to: { neighbourhood: string; address_id: number | null } | null,
  cart: unknown[] = [],
) {
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ session, deliveryTo }) => {
      localStorage.setItem('storage', JSON.stringify(session));
      if (deliveryTo) localStorage.setItem('comanda:delivery-to', JSON.stringify(deliveryTo));
      else localStorage.removeItem('comanda:delivery-to');
    },
    {
      session: {
        access_token: customer?.access_token ?? null,
        user: customer?.user ?? null,
        loggedIn: customer !== null,
        branch,
        delivery: branch || to ? 'domicilio' : null,
        cart,
      },
      deliveryTo: to,
    },
  );
}

test('the delivery journey: A Domicilio → address → branch chosen → menu → cart → checkout → order page, Domicilio after every reload', async ({
  page,
  request,
}) => {
  // Eight screens and three reloads: about 50 s with two workers on the 2-vCPU machine, close to
  // the config's 60 s.
  test.setTimeout(90_000);
  const branch = await terminalBranch(request);
  const neighbourhood = branch.delivery.neighbourhoods[2]!;
  const { product } = await simpleProduct(request, branch);
  // A fee and a minimum of two of the product, so the cart has something missing to tell.
  const before = await setZone(request, branch, neighbourhood, {
    fee: 4500,
    min_order: product.price * 2,
    delivery_minutes: 25,
  });
  try {
    const customer = await newCustomer(request, 'Camilo Duarte');
    await saveAddressIn(request, customer, neighbourhood, branch.city);
    await seedDelivery(page, customer, null, null);
    const reloadKeepsDomicilio = async () => {
      await page.reload();
      expect(await storedDelivery(page)).toBe('domicilio');
    };

    // 1. The landing's A Domicilio asks where first.
    await page.goto('/');
    await page.getByRole('button', { name: 'A Domicilio' }).click();
    await expect(page).toHaveURL(/\/domicilio$/);
    await reloadKeepsDomicilio();
    await expect(page.getByRole('heading', { level: 1, name: 'Mis Direcciones' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Casa' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, '01-addresses');

    // 2. Picking the address chooses the branch that reaches it, with its figures.
    await page.getByRole('button', { name: 'Entregar aquí (Casa)' }).click();
    const [served] = await coverage(request, neighbourhood);
    expect(served?.branch.id).toBe(branch.id);
    const answer = page.getByRole('region', { name: /Domicilio a Casa/ });
    await expect(answer.getByRole('radio', { name: new RegExp(`^${branch.title}`) })).toBeChecked();
    await expect(answer).toContainText(formatMoney(4500));
    await expect(answer).toContainText(`mínimo ${formatMoney(product.price * 2)}`);
    await expect(answer).toContainText(`Llega en ${served!.eta_min}–${served!.eta_max} min`);
    await expectNoAxeViolations(page);
    await shot(page, '02-branch-chosen');
    await reloadKeepsDomicilio();
    await expect(page.getByRole('button', { name: 'Entregar aquí (Casa)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('storage') ?? '{}') as { branch: Branch | null },
    );
    expect(stored.branch?.id).toBe(branch.id);

    // 3. The menu says the delivery before anything is ordered.
    await page.getByRole('button', { name: 'Ver el menú' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();
    await expect(page.getByTestId('delivery-promise')).toHaveText(
      deliveryText(served!, neighbourhood),
    );
    await reloadKeepsDomicilio();
    await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();
    await expect(page.getByTestId('delivery-promise')).toHaveText(
      deliveryText(served!, neighbourhood),
    );
    // The page as the server sent it, before any JavaScript: already the delivery, never the
    // pickup line a reload used to paint first (and, once, leave beside the delivery's).
    const cookie = (await page.context().cookies())
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    const firstHtml = await (await request.get('/menu', { headers: { cookie } })).text();
    expect(firstHtml).toContain(deliveryText(served!, neighbourhood));
    expect(firstHtml).not.toContain('Recoger en');
    await expectNoAxeViolations(page);
    await shot(page, '03-menu');

    // 4. The header's branch list, choosing the same branch again: still a delivery.
    await page.getByRole('button', { name: /elegir sede/ }).click();
    await page
      .getByRole('dialog', { name: 'Elige una sede' })
      .getByRole('button', { name: new RegExp(`^${branch.title}`) })
      .click();
    expect(await storedDelivery(page)).toBe('domicilio');
    await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();

    // 5. The product, then the cart: the fee, and what is missing to the minimum.
    await page.goto(`/producto/${product.slug}`);
    await page.getByRole('button', { name: /^Agregar \$/ }).click();
    await reloadKeepsDomicilio();
    await page.goto('/carrito');
    const summary = page.getByRole('region', { name: 'Resumen del pedido' });
    await expect(summary).toContainText(
      `Te faltan ${formatMoney(product.price)} para el pedido mínimo de ${formatMoney(product.price * 2)}.`,
    );
    await expect(summary).toContainText(formatMoney(product.price + 4500));
    await expectNoAxeViolations(page);
    await shot(page, '04-cart-under-minimum');
    await page.getByRole('button', { name: `Agregar uno de ${product.title}` }).click();
    await expect(summary).not.toContainText('Te faltan');
    await expect(summary).toContainText(formatMoney(product.price * 2 + 4500));
    await reloadKeepsDomicilio();
    await expect(summary).toContainText(formatMoney(product.price * 2 + 4500));
    await shot(page, '05-cart');

    // 6. Checkout opens as a delivery to the chosen address.
    await page.getByRole('link', { name: 'Ir al Pago' }).click();
    await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();
    await reloadKeepsDomicilio();
    await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();
    const address = page.getByRole('group', { name: 'Entregar en:' });
    await expect(address.getByRole('radio', { name: /Casa/ })).toBeChecked();
    // «¿Para cuándo?» promises the minutes the menu said, the trip included, not the kitchen's.
    await expect(page.getByRole('radio', { name: /^Lo antes posible/ })).toHaveAccessibleName(
      `Lo antes posible · ${served!.eta_min}–${served!.eta_max} min`,
    );
    // The fee and the minimum follow the page: the header and the bar keep to a quarter.
    const chrome = await stuckChrome(page);
    expect(chrome.covered, JSON.stringify(chrome)).toBeLessThanOrEqual(chrome.height / 4);
    await page.getByRole('radio', { name: 'Efectivo' }).check();
    await shot(page, '06-checkout');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // 7. The order page: where it goes, the notes, the fee.
    await expect(page).toHaveURL(/\/confirmacion\?pedido=\d+$/);
    await page.getByRole('link', { name: 'Ver estado del pedido' }).click();
    await expect(page).toHaveURL(/\/pedidos\/\d+$/);
    const details = page.getByRole('main');
    await expect(details).toContainText('Domicilio');
    await expect(details).toContainText('Cl. 24 #68-50');
    await expect(details).toContainText(neighbourhood);
    await expect(details).toContainText(NOTES);
    await expect(details).toContainText(formatMoney(4500));
    await expect(details).toContainText(formatMoney(product.price * 2 + 4500));
    await reloadKeepsDomicilio();
    await expect(details).toContainText(NOTES);
    await expectNoAxeViolations(page);
    await shot(page, '07-order-page');

    // The history says it too.
    await page.goto('/pedidos');
    await expect(page.getByRole('article').first()).toContainText(NOTES);
  } finally {
    await restoreZones(request, branch, before);
  }
});

test('"Volver a pedir" on a delivery order keeps Domicilio and the address', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const neighbourhood = branch.delivery.neighbourhoods[1]!;
  const customer = await newCustomer(request, 'Valentina Ortiz');
  const address = await saveAddressIn(request, customer, neighbourhood, branch.city);
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
    delivery: address,
  });

  // Coming back another day as a pickup customer: the re-order is still a delivery.
  await page.goto('/favicon.svg');
  await page.evaluate((session) => localStorage.setItem('storage', JSON.stringify(session)), {
    access_token: customer.access_token,
    user: customer.user,
    loggedIn: true,
    branch,
    delivery: 2,
    cart: [],
  });
  await page.goto('/pedidos');
  const article = page.getByRole('article', { name: `Pedido #${order.id}` });
  await expect(article).toContainText(NOTES);
  await article.getByRole('button', { name: 'Volver a pedir' }).click();
  const notice = article.getByRole('status');
  await expect(notice).toContainText('Lo llevamos a Casa, como la vez pasada.');
  expect(await storedDelivery(page)).toBe('domicilio');
  await expectNoAxeViolations(page);
  await shot(page, '08-reorder');

  await notice.getByRole('link', { name: 'Ver carrito' }).click();
  await expect(page.getByTestId('delivery-promise')).toContainText(`Domicilio a ${neighbourhood}`);
  await page.getByRole('link', { name: 'Ir al Pago' }).click();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Entregar en:' }).getByRole('radio', { name: /Casa/ }),
  ).toBeChecked();
});

test('a visitor: the neighbourhood is searched ignoring accents; one no branch serves is said at once, with pickup', async ({
  page,
  request,
}) => {
  const branches = (
    (await (await request.get('/api/branch-office')).json()) as { results: Branch[] }
  ).results;
  const mazuren = branches.find((b) => b.delivery.neighbourhoods.includes('Mazurén'));
  if (!mazuren) throw new Error('The demo chain delivers to Mazurén');

  await seedDelivery(page, null, null, null);
  await page.goto('/');
  await page.getByRole('button', { name: 'A Domicilio' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: '¿A dónde llevamos tu pedido?' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, '09-visitor-neighbourhoods');

  // Nowhere served: said at once, pickup offered.
  await page.getByLabel('Busca tu barrio').fill('Usaquén');
  await expect(page.getByRole('alert')).toContainText(
    'Ninguna sede hace domicilios a Usaquén por ahora.',
  );
  await expectNoAxeViolations(page);
  await shot(page, '10-visitor-not-served');

  // Accents and case aside, the served one is found. Two branches reach it here: the server's
  // first is chosen for the visitor, who can take the other.
  const terminal = await terminalBranch(request);
  const before = await addZone(request, terminal, {
    neighbourhood: 'Mazurén',
    fee: 7000,
    min_order: 0,
    delivery_minutes: 40,
  });
  try {
    await page.getByLabel('Busca tu barrio').fill('MAZUREN');
    await page.getByRole('button', { name: 'Mazurén', exact: true }).click();
    const options = await coverage(request, 'mazuren');
    expect(options.map((option) => option.branch.id).sort()).toEqual(
      [mazuren.id, terminal.id].sort(),
    );
    const [first, second] = options;
    await expect(
      page.getByRole('radio', { name: new RegExp(`^${first!.branch.title}`) }),
    ).toBeChecked();
    await expectNoAxeViolations(page);
    await shot(page, '11-visitor-two-branches');
    await page.getByRole('radio', { name: new RegExp(`^${second!.branch.title}`) }).check();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('storage') ?? '{}') as { branch?: { id: number } })
              .branch?.id,
        ),
      )
      .toBe(second!.branch.id);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Domicilio a Mazurén' })).toBeVisible();
    await expect(
      page.getByRole('radio', { name: new RegExp(`^${second!.branch.title}`) }),
    ).toBeChecked();
    expect(await storedDelivery(page)).toBe('domicilio');
  } finally {
    await restoreZones(request, terminal, before);
  }

  // Back to the search, and to pickup from the neighbourhood nobody serves.
  await page.getByRole('button', { name: 'Cambiar barrio' }).click();
  await page.getByLabel('Busca tu barrio').fill('usaquen');
  await page.getByRole('button', { name: 'Recoger en una sede' }).click();
  await expect(page).toHaveURL(/\/delivery-takeout$/);
  expect(await storedDelivery(page)).not.toBe('domicilio');
});

test('the address notes, neighbourhood and phone are on the board card and the printed ticket', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const neighbourhood = freeZone(branch)!;
  const customer = await newCustomer(request, 'Andrés Pardo');
  const address = await saveAddressIn(request, customer, neighbourhood, branch.city);
  const order = await placeOrder(baseURL!, request, customer, {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
    delivery: address,
  });
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBoard(page, request, branch);
  const board = card(page, order.id);
  await expect(board).toContainText(NOTES);
  await expect(board).toContainText(neighbourhood);
  await expect(board).toContainText(customer.user.phone!.slice(-4));
  await expectNoAxeViolations(page);
  await board.screenshot({ path: `${SHOTS}/delivery-12-board-card.png` });

  await board.getByRole('button', { name: 'Imprimir' }).click();
  await page.emulateMedia({ media: 'print' });
  const ticket = page.getByTestId('ticket');
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(`INDICACIONES: ${NOTES}`);
  await expect(ticket).toContainText(neighbourhood);
  await ticket.screenshot({ path: `${SHOTS}/delivery-13-ticket.png` });
});

test('rush mode changed by the staff changes the estimate on an open menu, without a reload', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const neighbourhood = freeZone(branch)!;
  const staff = await loginApi(request, 'staff@comanda.test');
  const rush = (minutes: number) =>
    request.put(`/api/staff/branches/${branch.id}/rush`, {
      headers: bearer(staff.access_token),
      data: { extra_minutes: minutes },
    });
  expect((await rush(0)).ok()).toBe(true);
  try {
    const [calm] = await coverage(request, neighbourhood);
    await seedDelivery(page, null, branch, { neighbourhood, address_id: null });
    // The storefront's socket opens after the page has loaded: the change is made once it is
    // connected (Socket.IO's "40" answer), or the event would go out before anyone listened.
    const connected = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).startsWith('40')) resolve();
        }),
      );
    });
    await page.goto('/menu');
    const line = page.getByTestId('delivery-promise');
    await expect(line).toHaveText(deliveryText(calm!, neighbourhood));
    await connected;
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    expect((await rush(20)).ok()).toBe(true);
    const [busy] = await coverage(request, neighbourhood);
    expect(busy!.eta_min).toBeGreaterThan(calm!.eta_min);
    await expect(line).toHaveText(deliveryText(busy!, neighbourhood));
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);
    await shot(page, '14-menu-rush');

    // Recoger: the branch's own estimate, rush included, from the branch list.
    const fresh = await terminalBranch(request);
    await page.getByRole('radio', { name: 'Recoger' }).check();
    await expect(line).toHaveText(
      `Recoger en ${fresh.title} · listo en ${fresh.eta.pickup[0]}–${fresh.eta.pickup[1]} min`,
    );
    expect(await storedDelivery(page)).toBe(2);
    await shot(page, '15-menu-pickup');
  } finally {
    await rush(0);
  }
});

import type { Branch } from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';

async function getBranches(request: APIRequestContext): Promise<Branch[]> {
  const response = await request.get('/api/branch-office');
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: Branch[] };
  expect(results.length).toBeGreaterThan(3);
  return results;
}

async function storedSession(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('storage');
    return raw ? (JSON.parse(raw) as { branch: Branch | null; delivery: unknown }) : null;
  });
}

const alwaysOpen = (branch: Branch) =>
  [0, 1, 2, 3, 4, 5, 6].every((day) =>
    branch.opening_hours.some(
      (h) => h.weekday === day && h.opens === '00:00' && ['24:00', '00:00'].includes(h.closes),
    ),
  );

test.describe('/delivery-takeout', () => {
  // A short phone screen, so the second block is really below the fold.
  test.use({ viewport: { width: 360, height: 560 } });

  test('lists every branch in blocks as the customer scrolls, each saying honestly whether it is open', async ({
    page,
    request,
  }) => {
    const branches = await getBranches(request);
    await page.goto('/delivery-takeout');
    const list = page.getByRole('list', { name: 'Sedes para recoger' });
    const cards = list.getByRole('listitem');

    // First block only, with a visible note of how many there are.
    await expect(cards).toHaveCount(3);
    await expect(page.getByText(`Mostrando 3 de ${branches.length} sedes`)).toBeVisible();
    await expectNoAxeViolations(page);

    // Scrolling the end of the list into view (the intersection observer's sentinel) loads the rest.
    await page.getByText(/^Mostrando \d+ de \d+ sedes$/).scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(branches.length);
    await expect(page.getByText(/^Mostrando/)).toHaveCount(0);

    for (const [index, branch] of branches.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(branch.title);
      await expect(card).toContainText(branch.address);
      await expect(card).toContainText(branch.city);
      if (alwaysOpen(branch)) await expect(card).toContainText('Abierto 24 horas');
      else if (branch.open_now)
        await expect(card).toContainText(/Abierto ahora · cierra (a las \d\d:\d\d|a medianoche)/);
      else await expect(card).toContainText(/Cerrado · abre (mañana |el \p{L}+ )?a las \d\d:\d\d/u);
    }
    expect(branches.some(alwaysOpen)).toBe(true);
  });

  test('choosing Campiña stores it with delivery 2, goes to the menu and the header shows it', async ({
    page,
    request,
  }) => {
    const campina = (await getBranches(request)).find((b) => b.slug === 'campina');
    if (!campina) throw new Error('The demo chain has no Campiña');
    await page.goto('/delivery-takeout');
    const list = page.getByRole('list', { name: 'Sedes para recoger' });
    await list.getByRole('button', { name: new RegExp(`^${campina.title}`) }).click();

    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('button', { name: /elegir sede/ })).toContainText('Campiña');
    expect(await storedSession(page)).toMatchObject({
      branch: { id: campina.id, title: 'Campiña' },
      delivery: 2,
    });

    // /menu's "reset on load" never forgets the stored branch.
    await page.reload();
    await expect(page.getByRole('button', { name: /elegir sede/ })).toContainText('Campiña');
    expect(await storedSession(page)).toMatchObject({ branch: { id: campina.id }, delivery: 2 });

    // Back on the list, the chosen branch is marked.
    await page.goto('/delivery-takeout');
    await expect(
      list.getByRole('button', { name: new RegExp(`^${campina.title}`) }),
    ).toHaveAttribute('aria-current', 'true');
  });
});

test('the header branch overlay: every branch with its address, focus in, trapped, Escape closes, focus returns', async ({
  page,
  request,
}) => {
  const branches = await getBranches(request);
  await page.goto('/menu');
  const opener = page.getByRole('button', { name: /elegir sede/ });
  await expect(opener).toContainText('Elige sede');
  await opener.focus();
  await page.keyboard.press('Enter');

  const overlay = page.getByRole('dialog', { name: 'Elige una sede' });
  await expect(overlay).toBeVisible();
  for (const branch of branches) {
    const option = overlay.getByRole('button', { name: new RegExp(`^${branch.title}`) });
    await expect(option).toContainText(branch.address);
    await expect(option).toContainText(branch.open_now ? 'Abierto' : 'Cerrado');
  }
  await expectNoAxeViolations(page);

  // Focus is inside and stays inside, however far the customer tabs, both ways.
  const focusInside = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
  expect(await focusInside()).toBe(true);
  for (let i = 0; i < branches.length + 3; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  }
  for (let i = 0; i < branches.length + 3; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside()).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(opener).toBeFocused();

  // Choosing one picks it and closes the overlay.
  const chico = branches.find((b) => b.slug === 'chico');
  if (!chico) throw new Error('The demo chain has no Chicó');
  await opener.click();
  await overlay.getByRole('button', { name: new RegExp(`^${chico.title}`) }).click();
  await expect(overlay).toBeHidden();
  await expect(opener).toContainText(chico.title);
  expect(await storedSession(page)).toMatchObject({ branch: { id: chico.id }, delivery: 2 });
});

test('the drawer: its documented entries, focus trapped, Escape returns focus, axe clean', async ({
  page,
}) => {
  await page.goto('/menu');
  const opener = page.getByRole('button', { name: 'Abrir menú' });
  await opener.click();
  const drawer = page.getByRole('dialog', { name: 'Bienvenido' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Cliente');
  await expect(drawer.getByRole('navigation').getByRole('link')).toHaveText([
    'Ir al Menu',
    'Login o Registro',
  ]);
  await expectNoAxeViolations(page);

  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]'))),
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();

  // It closes on navigation.
  await opener.click();
  await drawer.getByRole('link', { name: 'Login o Registro' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(drawer).toBeHidden();
});

test('choosing a branch on /delivery-takeout with a cart re-checks the cart there', async ({
  page,
  request,
}) => {
  const branches = await getBranches(request);
  const campina = branches.find((b) => b.slug === 'campina');
  const terminal = branches.find((b) => b.slug === 'terminal-24h');
  if (!campina || !terminal) throw new Error('The demo chain lacks Campiña or Terminal 24h');

  // A product Campiña cannot sell today, found through the API.
  let soldOut: { slug: string; title: string } | undefined;
  const categories = (
    (await (await request.get('/api/category-client')).json()) as { results: { slug: string }[] }
  ).results;
  for (const category of categories) {
    const at = async (id: number) =>
      (
        (await (await request.get(`/api/category/${category.slug}/${id}`)).json()) as {
          results: { products: { slug: string; title: string; available: boolean }[] };
        }
      ).results.products;
    const [here, there] = await Promise.all([at(campina.id), at(terminal.id)]);
    soldOut ??= there.find(
      (p) => p.available && here.some((h) => h.slug === p.slug && !h.available),
    );
  }
  if (!soldOut) throw new Error('Nothing in the demo chain is sold out at Campiña only');
  const product = (
    (await (await request.get(`/api/products/${soldOut.slug}/${terminal.id}`)).json()) as {
      results: { id: number; slug: string; title: string; price: number; image: string };
    }
  ).results;

  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ branch, product }) =>
      localStorage.setItem(
        'storage',
        JSON.stringify({
          access_token: null,
          user: null,
          loggedIn: false,
          branch,
          delivery: 2,
          cart: [
            {
              _id: 'l1',
              ...product,
              description: '',
              quantity: 1,
              total: product.price,
              favorite: null,
              modifier_group: [],
            },
          ],
        }),
      ),
    {
      branch: terminal,
      product: {
        id: product.id,
        slug: product.slug,
        title: product.title,
        price: product.price,
        image: product.image,
      },
    },
  );
  await page.goto('/delivery-takeout');
  await page
    .getByRole('list', { name: 'Sedes para recoger' })
    .getByRole('button', { name: new RegExp(`^${campina.title}`) })
    .click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Quitar lo no disponible' }),
  ).toContainText(`1 producto no disponible en ${campina.title}`);
});

test('a failed branch list says so in Spanish and Reintentar loads it', async ({
  page,
  request,
}) => {
  const branches = await getBranches(request);
  await page.route('**/api/branch-office', (route) =>
    route.fulfill({ status: 503, json: { message: 'Fuera de servicio' } }),
  );
  await page.goto('/delivery-takeout');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No pudimos cargar las sedes.', { timeout: 10_000 });
  await expectNoAxeViolations(page);

  await page.unroute('**/api/branch-office');
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('list', { name: 'Sedes para recoger' })).toContainText(
    branches[0]!.title,
  );
});

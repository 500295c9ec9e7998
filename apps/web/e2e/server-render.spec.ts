import {
  formatMoney,
  type Branch,
  type Category,
  type CategoryWithProducts,
  type ChainCategory,
  type ChainProduct,
  type CoverageEntry,
  type Product,
} from '@comanda/shared';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
} from './base-test';
import { loginApi } from './console-support';

// The storefront's first screens come as HTML rendered by the server (docs/decisions/030): what a
// visitor sees before any JavaScript runs is what React shows once it has hydrated the page, with
// no warning in the console, for a visitor who has chosen a branch and for one who has not.

async function results<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { results: T }).results;
}

/** The branch (and a delivery) as the storefront stores them, and the cookies it mirrors them in. */
async function visitor(
  browser: Browser,
  baseURL: string,
  branch: Branch | null,
  javaScriptEnabled: boolean,
  neighbourhood: string | null = null,
) {
  const context = await browser.newContext({
    javaScriptEnabled,
    baseURL,
    locale: 'es-CO',
    viewport: { width: 360, height: 740 },
  });
  if (branch) {
    await context.addCookies([{ name: 'comanda_branch', value: String(branch.id), url: baseURL }]);
    if (neighbourhood) {
      await context.addCookies([
        { name: 'comanda_delivery', value: encodeURIComponent(neighbourhood), url: baseURL },
      ]);
    }
    const stored = {
      access_token: null,
      user: null,
      loggedIn: false,
      branch,
      delivery: neighbourhood ? 'domicilio' : 2,
      cart: [],
    };
    const deliveryTo = neighbourhood ? { neighbourhood, address_id: null } : null;
    await context.addInitScript(
      ({ state, to }) => {
        if (!localStorage.getItem('storage'))
          localStorage.setItem('storage', JSON.stringify(state));
        if (to && !localStorage.getItem('comanda:delivery-to'))
          localStorage.setItem('comanda:delivery-to', JSON.stringify(to));
      },
      { state: stored, to: deliveryTo },
    );
  }
  return context;
}

const visibleText = (context: BrowserContext, path: string, hydrated: boolean) =>
  context.newPage().then(async (page) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      // The suite blocks service workers (playwright.config.ts) and Chromium says so: the
      // harness's message, not the page's.
      if (message.text() === 'Service Worker registration blocked by Playwright') return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const catalogueCalls: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(branch-office|category|products|menu|banner)/.test(pathname))
        catalogueCalls.push(pathname);
      if (pathname.endsWith('.css')) stylesheets.push(pathname);
    });
    const response = await page.goto(path, { waitUntil: hydrated ? 'networkidle' : 'load' });
    // The stylesheets the page carries inline: each is named by a disabled link to its file.
    const inline = [
      ...((await response?.text()) ?? '').matchAll(
        /<link rel="stylesheet" crossorigin href="([^"]+)" disabled>/g,
      ),
    ].map((match) => match[1]!);
    const text = (await page.locator('#root').innerText()).replace(/\s+/g, ' ').trim();
    // When the page's first paint and its picture's paint were shown (the browser's Paint Timing
    // and Largest Contentful Paint), and when it asked for its first script (Resource Timing).
    const timing = !hydrated
      ? null
      : await page.evaluate(async () => {
          const entries = (type: string) =>
            new Promise<PerformanceEntry[]>((done) =>
              new PerformanceObserver((list) => done(list.getEntries())).observe({
                type,
                buffered: true,
              }),
            );
          const shown = document.querySelector('img[fetchpriority="high"]');
          const hasPicture = shown !== null;
          const [paints, largest] = await Promise.all([
            entries('paint'),
            hasPicture ? entries('largest-contentful-paint') : Promise.resolve([]),
          ]);
          const pictures = largest.filter(
            (entry) => (entry as PerformanceEntry & { element: Element | null }).element === shown,
          );
          const scripts = performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
          return {
            firstPaint: paints.find((entry) => entry.name === 'first-contentful-paint')?.startTime,
            picture: pictures[0]?.startTime ?? null,
            hasPicture,
            firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
          };
        });
    await page.close();
    return { text, problems, catalogueCalls, stylesheets, inline, timing };
  });

for (const visit of [
  'without a chosen branch',
  'with a chosen branch',
  'with a chosen branch and a delivery',
] as const) {
  const withBranch = visit !== 'without a chosen branch';
  const delivering = visit === 'with a chosen branch and a delivery';
  test(`each first screen reads the same before and after hydration, ${visit}, with no console warning`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const branches = await results<Branch[]>(request, '/api/branch-office');
    // A delivery goes to a neighbourhood some branch reaches, from that branch.
    const served = delivering
      ? (
          await results<CoverageEntry[]>(
            request,
            `/api/delivery/coverage?neighbourhood=${encodeURIComponent(
              (await results<{ name: string }[]>(request, '/api/delivery/neighbourhoods'))[0]!.name,
            )}`,
          )
        )[0]!
      : null;
    const branch = served
      ? branches.find((each) => each.id === served.branch.id)!
      : withBranch
        ? branches[0]!
        : null;
    const neighbourhood = served?.neighbourhood ?? null;
    const category = (await results<Category[]>(request, '/api/category-client'))[0]!;
    // Before a branch is chosen, the chain's menu (decision 042).
    const products = (
      await results<CategoryWithProducts>(
        request,
        branch
          ? `/api/category/${category.slug}/${branch.id}`
          : `/api/menu/category/${category.slug}`,
      )
    ).products;
    const paths = [
      '/',
      '/menu',
      `/category/${category.slug}`,
      ...(products[0] ? [`/producto/${products[0].slug}`] : []),
    ];

    const withoutJs = await visitor(browser, baseURL!, branch, false, neighbourhood);
    const withJs = await visitor(browser, baseURL!, branch, true, neighbourhood);
    for (const path of paths) {
      const before = await visibleText(withoutJs, path, false);
      const after = await visibleText(withJs, path, true);
      expect(before.text.length, `${path} has content without JavaScript`).toBeGreaterThan(20);
      expect(after.text, path).toBe(before.text);
      expect(after.problems, path).toEqual([]);
      // Painted from the HTML alone: its stylesheets are inline (the CSP lets them apply, or
      // `problems` would hold the violation), and hydrating downloads none of them again.
      expect(before.inline.length, path).toBeGreaterThan(0);
      expect(before.stylesheets, path).toEqual([]);
      expect(
        after.stylesheets.filter((file) => after.inline.includes(file)),
        path,
      ).toEqual([]);
      // What the page shows came in its HTML: hydrating asks the server for none of it again.
      if (withBranch && path !== '/') expect(after.catalogueCalls, path).toEqual([]);
      // Its code is asked for once the screen is painted, its picture too (decision 056).
      const { firstPaint, picture, hasPicture, firstScript } = after.timing!;
      expect(firstPaint, path).toBeDefined();
      expect(firstScript, path).toBeGreaterThanOrEqual(firstPaint!);
      if (hasPicture) expect(firstScript, path).toBeGreaterThanOrEqual(picture!);
    }
    if (neighbourhood) {
      // The delivery, its fee, minimum and estimate, in the first HTML: no pickup line to replace.
      const menu = await (await (await withoutJs.newPage()).goto('/menu'))!.text();
      expect(menu).toContain(`Domicilio a ${neighbourhood} · `);
      expect(menu).not.toContain('Recoger en');
    }
    // The branch's own menu (or the chain's), by name, in the HTML itself.
    const html = await (await withoutJs.newPage()).goto(`/category/${category.slug}`);
    expect(await html!.text()).toContain(products[0]!.title);
    await withoutJs.close();
    await withJs.close();
  });
}

/** The page's JSON-LD blocks, parsed (a block that is not JSON fails the test here). */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}
const head = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

test('without JavaScript, each first screen is in its HTML with its own title, description, canonical URL, Open Graph and JSON-LD', async ({
  request,
  baseURL,
}) => {
  const branches = await results<Branch[]>(request, '/api/branch-office');
  const categories = await results<Category[]>(request, '/api/category-client');
  const category = categories[0]!;
  // A visitor (or a crawler) without a branch: prices are the chain's first branch's.
  const listed = await results<CategoryWithProducts>(
    request,
    `/api/category/${category.slug}/${branches[0]!.id}`,
  );
  const product = await results<Product>(
    request,
    `/api/products/${listed.products[0]!.slug}/${branches[0]!.id}`,
  );

  const page = async (path: string) => {
    const response = await request.get(path, { headers: { cookie: '' } });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(head(html, /<link rel="canonical" href="([^"]+)">/), path).toBe(`${baseURL}${path}`);
    expect(head(html, /<meta property="og:url" content="([^"]+)">/), path).toBe(
      `${baseURL}${path}`,
    );
    expect(html.match(/<title>/g), `${path}: one title`).toHaveLength(1);
    expect(html.match(/<meta name="description"/g), `${path}: one description`).toHaveLength(1);
    const data = structuredData(html);
    const restaurant = data.find((block) => block['@type'] === 'Restaurant') as {
      department: { name: string }[];
    };
    expect(restaurant.department.map((branch) => branch.name)).toEqual(
      branches.map((branch) => `La Brasa Dorada ${branch.title}`),
    );
    return { html, data };
  };

  const landing = await page('/');
  expect(landing.html).toContain('Que deseas hacer hoy?');

  const menu = await page('/menu');
  for (const each of categories) expect(menu.html).toContain(`>${each.title}<`);
  const menuData = menu.data.find((block) => block['@type'] === 'Menu') as {
    hasMenuSection: { '@type': string; name: string }[];
  };
  expect(menuData.hasMenuSection.map((section) => [section['@type'], section.name])).toEqual(
    categories.map((each) => ['MenuSection', each.title]),
  );

  const categoryPage = await page(`/category/${category.slug}`);
  expect(head(categoryPage.html, /<title>([^<]*)<\/title>/)).toBe(
    `${category.title} · La Brasa Dorada`,
  );
  const section = (
    categoryPage.data.find((block) => block['@type'] === 'Menu') as {
      hasMenuSection: {
        name: string;
        hasMenuItem: {
          '@type': string;
          name: string;
          image: string;
          offers: { '@type': string; price: number; priceCurrency: string };
        }[];
      }[];
    }
  ).hasMenuSection[0]!;
  expect(section.name).toBe(category.title);
  expect(
    section.hasMenuItem.map((item) => [
      item['@type'],
      item.name,
      item.offers['@type'],
      item.offers.price,
      item.offers.priceCurrency,
    ]),
  ).toEqual(listed.products.map((each) => ['MenuItem', each.title, 'Offer', each.price, 'COP']));
  expect(section.hasMenuItem[0]!.image).toBe(`${baseURL}${listed.products[0]!.image}`);

  const productPage = await page(`/producto/${product.slug}`);
  expect(head(productPage.html, /<title>([^<]*)<\/title>/)).toBe(
    `${product.title} · La Brasa Dorada`,
  );
  expect(head(productPage.html, /<meta property="og:image" content="([^"]+)">/)).toBe(
    `${baseURL}${product.image}`,
  );
  const item = productPage.data.find((block) => block['@type'] === 'MenuItem') as {
    name: string;
    description: string;
    offers: { price: number };
  };
  expect([item.name, item.description, item.offers.price]).toEqual([
    product.title,
    product.description,
    product.price,
  ]);
});

test('with a chosen branch, the HTML holds the names, descriptions, prices and photos of that branch', async ({
  request,
}) => {
  const branch = (await results<Branch[]>(request, '/api/branch-office')).at(-1)!;
  const category = (await results<Category[]>(request, '/api/category-client'))[0]!;
  const listed = await results<CategoryWithProducts>(
    request,
    `/api/category/${category.slug}/${branch.id}`,
  );
  const cookie = { cookie: `comanda_branch=${branch.id}` };
  const html = await (await request.get(`/category/${category.slug}`, { headers: cookie })).text();
  for (const product of listed.products) {
    expect(html).toContain(`>${product.title}<`);
    expect(html).toContain(product.image);
    expect(html).toContain(formatMoney(product.price));
  }
  const product = await results<Product>(
    request,
    `/api/products/${listed.products[0]!.slug}/${branch.id}`,
  );
  const productHtml = await (
    await request.get(`/producto/${product.slug}`, { headers: cookie })
  ).text();
  expect(productHtml).toContain(product.description);
  expect(productHtml).toContain(formatMoney(product.price));
});

test('without a chosen branch (a crawler), the HTML shows the chain’s menu: names, descriptions, lowest prices and photos', async ({
  browser,
  baseURL,
  request,
}) => {
  const category = (await results<Category[]>(request, '/api/category-client'))[0]!;
  const chain = await results<ChainCategory>(request, `/api/menu/category/${category.slug}`);
  expect(chain.products.length).toBeGreaterThan(0);
  const context = await visitor(browser, baseURL!, null, false);
  const page = await context.newPage();
  await page.goto(`/category/${category.slug}`);
  await expect(page.getByText('Elige tu sede para ver sus precios y pedir.')).toBeVisible();
  for (const product of chain.products) {
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
    await expect(card).toContainText(product.description_eco);
    await expect(card).toContainText(
      `${product.price_varies ? 'Desde ' : ''}${formatMoney(product.price)}`,
    );
    await expect(card.locator('img')).toHaveAttribute('src', product.image);
  }
  const first = await results<ChainProduct>(
    request,
    `/api/menu/products/${chain.products[0]!.slug}`,
  );
  await page.goto(`/producto/${first.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.locator('#root')).toContainText(first.description);
  await expect(page.locator('#root')).toContainText(formatMoney(first.price));
  await expect(page.getByRole('link', { name: 'Elegir sede' })).toBeVisible();
  await context.close();
});

test('without JavaScript, every category name on a 360 px /menu keeps its longest word on one line', async ({
  browser,
  baseURL,
  request,
}) => {
  const branch = (await results<Branch[]>(request, '/api/branch-office')).at(-1)!;
  const categories = await results<Category[]>(request, '/api/category-client');
  // The demo menu has names whose longest word does not fit a 360 px tile at the full size.
  expect(
    categories.some((category) => category.title.split(' ').some((word) => word.length > 10)),
  ).toBe(true);
  const context = await visitor(browser, baseURL!, branch, false);
  const page = await context.newPage();
  await page.goto('/menu');
  const tiles = page.getByRole('list').last().getByRole('link');
  await expect(tiles.first()).toBeVisible();
  // Each word laid out on its own: a word cut in two would span two line boxes.
  const cut = await tiles.evaluateAll((links) =>
    links.flatMap((link) => {
      const title = link.querySelector('span:last-child');
      if (!title?.firstChild) return [];
      const text = title.textContent ?? '';
      const words: string[] = [];
      let at = 0;
      for (const word of text.split(' ')) {
        const range = document.createRange();
        range.setStart(title.firstChild, at);
        range.setEnd(title.firstChild, at + word.length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) words.push(word);
        at += word.length + 1;
      }
      return words;
    }),
  );
  expect(cut, "words cut across two lines in the server's HTML").toEqual([]);
  await context.close();
});

test('an unknown category or product answers 404 with the not-found page, with a branch or without', async ({
  request,
}) => {
  const branch = (await results<Branch[]>(request, '/api/branch-office'))[0]!;
  for (const cookie of ['', `comanda_branch=${branch.id}`]) {
    for (const [path, text] of [
      ['/category/no-existe', /categoría no encontrada|no encontramos esta página/],
      ['/producto/no-existe', /producto no encontrado|no encontramos esta página/],
    ] as const) {
      const response = await request.get(path, { headers: { cookie } });
      expect(response.status(), `${path} ${cookie}`).toBe(404);
      expect((await response.text()).toLowerCase(), `${path} ${cookie}`).toMatch(text);
    }
  }
});

test('a sold-out switch reaches the rendered page at once: the kept HTML is dropped with the catalogue answer', async ({
  request,
}) => {
  const branch = (await results<Branch[]>(request, '/api/branch-office')).at(-1)!;
  const category = (await results<Category[]>(request, '/api/category-client')).at(-1)!;
  const listed = await results<CategoryWithProducts>(
    request,
    `/api/category/${category.slug}/${branch.id}`,
  );
  const product = listed.products.find((each) => each.available)!;
  const cookie = { cookie: `comanda_branch=${branch.id}` };
  const card = async () => {
    const html = await (
      await request.get(`/category/${category.slug}`, { headers: cookie })
    ).text();
    // The product's card: from its name to the next card.
    return html.slice(html.indexOf(`>${product.title}<`)).split('<li')[0]!;
  };
  expect(await card()).not.toContain('Agotado');

  const { access_token } = await loginApi(request, 'admin@comanda.test');
  const soldOut = (sold_out: boolean) =>
    request.put(`/api/staff/branches/${branch.id}/products/${product.id}/availability`, {
      headers: { authorization: `Bearer ${access_token}` },
      data: { sold_out },
    });
  expect((await soldOut(true)).ok()).toBe(true);
  try {
    await expect.poll(card, { timeout: 5_000 }).toContain('Agotado');
  } finally {
    expect((await soldOut(false)).ok()).toBe(true);
  }
  await expect.poll(card, { timeout: 5_000 }).not.toContain('Agotado');
});

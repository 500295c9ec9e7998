import type { Branch, Coupon, DiscountSignup, SurveyParameter } from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';

// Everything expected below comes from the API (the branch, its coupon, the survey, the stored
// signups), never from the demo chain's texts written here.

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

const branchBySlug = async (request: APIRequestContext, slug: string) => {
  const { results } = await json<{ results: Branch[] }>(request, '/api/branch-office');
  const branch = results.find((b) => b.slug === slug);
  if (!branch) throw new Error(`the demo chain has no branch ${slug}`);
  return branch;
};
const couponOf = (request: APIRequestContext, branch: Branch) =>
  json<Coupon>(request, `/api/coupon-branch/${branch.id}`);
const survey = async (request: APIRequestContext) =>
  (await json<{ results: SurveyParameter[] }>(request, '/api/parameters-segment/survey')).results;

// One staff login per worker: the API limits logins per account (10 per window), and every
// spec that checks what was stored logs in as the same demo staff member.
let staffLogin: Promise<string> | undefined;
function staffToken(request: APIRequestContext): Promise<string> {
  staffLogin ??= (async () => {
    const login = await request.post('/api/login', {
      data: { email_login: 'staff@comanda.test', password_login: 'comanda123' },
    });
    expect(login.ok(), await login.text()).toBe(true);
    return ((await login.json()) as { access_token: string }).access_token;
  })();
  return staffLogin;
}

/** What the staff side will list: proof that a signup was really stored. */
async function storedSignups(
  request: APIRequestContext,
  branch: Branch,
): Promise<DiscountSignup[]> {
  const access_token = await staffToken(request);
  const response = await request.get(`/api/staff/branches/${branch.id}/discount-signups`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: DiscountSignup[] }).results;
}

const uniqueEmail = () =>
  `cupon-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@ejemplo.co`;

async function fillForm(
  page: Page,
  values: {
    name?: string;
    phone?: string;
    email?: string;
    confirmation?: string;
    address?: string;
    source?: string;
  },
) {
  if (values.name !== undefined) await page.getByLabel('Nombre').fill(values.name);
  if (values.phone !== undefined) await page.getByLabel('Celular').fill(values.phone);
  if (values.email !== undefined)
    await page.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.confirmation !== undefined)
    await page.getByLabel('Confirma tu email').fill(values.confirmation);
  if (values.address !== undefined) await page.getByLabel('Dirección').fill(values.address);
  if (values.source !== undefined)
    await page.getByLabel('Como nos conociste?').selectOption({ label: values.source });
}

const submit = (page: Page) => page.getByRole('button', { name: 'Obtener mi cupón' }).click();

test("/descuento/campina shows the branch's coupon and the survey from the API", async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const coupon = await couponOf(request, campina);
  const options = await survey(request);

  await page.goto('/descuento/campina');
  const image = page.getByRole('img', { name: coupon.title });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', coupon.main_image);
  await expect(page.getByRole('heading', { level: 1, name: coupon.title })).toBeVisible();
  await expect(page.getByText(coupon.description)).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(campina.title));

  const select = page.getByLabel('Como nos conociste?');
  await expect(select.locator('option')).toHaveText([
    'Elige una opción',
    ...options.map((o) => o.description),
  ]);
  for (const label of ['Nombre', 'Celular', 'Confirma tu email', 'Dirección'])
    await expect(page.getByLabel(label)).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the branch in the link is matched without regard to case or accents', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const coupon = await couponOf(request, campina);
  for (const spelling of ['CAMPIÑA', 'Campina', 'campiña']) {
    await page.goto(`/descuento/${encodeURIComponent(spelling)}`);
    await expect(page.getByRole('img', { name: coupon.title }), spelling).toHaveAttribute(
      'src',
      coupon.main_image,
    );
  }
});

test("field errors appear beside their fields with the contract's messages, before anything is sent (state 3)", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/discount')) sent.push(r.method());
  });
  await page.goto('/descuento/campina');
  await submit(page);

  const expectations: [string, string][] = [
    ['Nombre', 'El nombre es requerido'],
    ['Celular', 'El celular es requerido'],
    ['Dirección', 'La dirección es requerido'],
  ];
  for (const [label, message] of expectations) {
    const field = page.getByLabel(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    'El email es requerido',
  );
  await expect(page.getByLabel('Como nos conociste?')).toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first wrong field.
  await expect(page.getByLabel('Nombre')).toBeFocused();
  await expectNoAxeViolations(page);

  // The contract's general form check and the confirmation rule.
  await fillForm(page, {
    name: 'Ana',
    phone: '300123456',
    email: 'ana@ejemplo.co',
    confirmation: 'ana@ejemplo.com',
    address: 'Calle 1',
  });
  await submit(page);
  await expect(page.getByLabel('Celular')).toHaveAccessibleDescription('Longitud minima 10');
  await expect(page.getByLabel('Confirma tu email')).toHaveAccessibleDescription(
    'Confirmación no coincide con email',
  );
  await expect(page.getByLabel('Nombre')).not.toHaveAttribute('aria-invalid', 'true');

  // Fixing a field clears its message as the customer types.
  await page.getByLabel('Confirma tu email').fill('ana@ejemplo.co');
  await expect(page.getByLabel('Confirma tu email')).not.toHaveAttribute('aria-invalid', 'true');
  // product.md «Business constants»: at most 10 digits. Typed, not cut off: a cut-off number would be a wrong one.
  await page.getByLabel('Celular').fill('30012345678');
  await expect(page.getByLabel('Celular')).toHaveAccessibleDescription(
    'El celular debe tener máximo 10 números',
  );

  expect(sent).toEqual([]);
});

test('an email already signed up at the branch is answered as a new one (its owner is told by email), and nothing more is stored', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const [source] = await survey(request);
  const email = uniqueEmail();
  const first = await request.post('/api/discount', {
    data: {
      name: 'Primera vez',
      phone: '3001234567',
      email,
      confirmation: email,
      address: 'Calle 1',
      source_id: source!.id,
      branch_id: campina.id,
    },
  });
  expect(first.ok()).toBe(true);

  await page.goto('/descuento/campina');
  await fillForm(page, {
    name: 'Ana Gómez',
    phone: '3109876543',
    email: email.toUpperCase(),
    confirmation: email,
    address: 'Cra. 7 #72-41',
    source: source!.description,
  });
  await submit(page);

  // Nothing on the screen tells a stranger the email was there (decision 076).
  await expect(page).toHaveURL(/\/descuento-confirmacion\/campina$/);
  await expect(page.getByText('Te enviamos tu código de descuento por correo.')).toBeVisible();
  await expectNoAxeViolations(page);

  const signups = (await storedSignups(request, campina)).filter((s) => s.email === email);
  expect(signups).toHaveLength(1);
  expect(signups[0]!.name).toBe('Primera vez');
});

test('a complete signup is stored and leads to the confirmation image and Ir al Menu', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const coupon = await couponOf(request, campina);
  const options = await survey(request);
  const source = options[options.length - 1]!;
  const email = uniqueEmail();

  await page.goto(`/descuento/${encodeURIComponent('CAMPIÑA')}`);
  await fillForm(page, {
    name: 'Ana Gómez',
    phone: '300 123 4567',
    email,
    confirmation: email,
    address: 'Cra. 7 #72-41',
    source: source.description,
  });
  await submit(page);

  await expect(page).toHaveURL(/\/descuento-confirmacion\/campina$/);
  const image = page.getByRole('img');
  await expect(image).toHaveAttribute('src', coupon.confirmation_image);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(campina.title);
  // The code goes by email only, never on the screen (decision 076).
  await expect(page.getByText('Te enviamos tu código de descuento por correo.')).toBeVisible();
  await expect(page.getByText(/[A-Z2-9]{4}-[A-Z2-9]{4}/)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Ir al Menu' })).toHaveAttribute(
    'href',
    '/menu',
  );
  await expectNoAxeViolations(page);

  const stored = (await storedSignups(request, campina)).find((s) => s.email === email);
  expect(stored).toMatchObject({
    name: 'Ana Gómez',
    phone: '3001234567',
    address: 'Cra. 7 #72-41',
    source: { id: source.id },
  });
});

test('an unknown branch shows a clear not-found page with the real branches, not a form', async ({
  page,
  request,
}) => {
  const { results } = await json<{ results: Branch[] }>(request, '/api/branch-office');
  await page.goto('/descuento/kennedy');
  await expect(
    page.getByRole('heading', { level: 1, name: 'No encontramos la sede “kennedy”' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  for (const branch of results) {
    await expect(page.getByRole('link', { name: new RegExp(branch.title) })).toHaveAttribute(
      'href',
      `/descuento/${branch.slug}`,
    );
  }
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: new RegExp(results[1]!.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/descuento/${results[1]!.slug}$`));
  await expect(page.getByLabel('Nombre')).toBeVisible();
});

test('a failed load says so in Spanish and Reintentar brings the form', async ({ page }) => {
  // The first answer and the query's two automatic retries fail; the customer's retry succeeds.
  let failures = 3;
  await page.route('**/api/parameters-segment/survey', async (route) => {
    if (failures-- > 0)
      await route.fulfill({
        status: 500,
        json: { message: 'Tuvimos un problema. Intenta de nuevo en un momento.' },
      });
    else await route.fallback();
  });
  await page.goto('/descuento/campina');
  // The two automatic retries back off 1 s and 2 s first, as on the other screens' failed loads.
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar el formulario.', {
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByLabel('Como nos conociste?')).toBeVisible();
});

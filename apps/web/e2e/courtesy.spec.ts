import {
  RESERVATION_MAX_DAYS_AHEAD,
  addDays,
  chainToday,
  type Branch,
  type CourtesyReservation,
} from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';
import { uniquePhone } from './unique';

// Dates are the chain's (America/Bogota), computed with the same shared function the app uses;
// branches and stored reservations come from the API.

async function branchBySlug(request: APIRequestContext, slug: string): Promise<Branch> {
  const response = await request.get('/api/branch-office');
  expect(response.ok()).toBe(true);
  const branch = ((await response.json()) as { results: Branch[] }).results.find(
    (b) => b.slug === slug,
  );
  if (!branch) throw new Error(`the demo chain has no branch ${slug}`);
  return branch;
}

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

async function storedReservations(
  request: APIRequestContext,
  branch: Branch,
): Promise<CourtesyReservation[]> {
  const access_token = await staffToken(request);
  const response = await request.get(`/api/staff/branches/${branch.id}/courtesy-reservations`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: CourtesyReservation[] }).results;
}

/** A day the branch opens, a couple of days ahead. */
function openDay(branch: Branch): string {
  const open = new Set(branch.opening_hours.map((h) => h.weekday));
  for (let ahead = 2; ahead < 9; ahead += 1) {
    const date = addDays(chainToday(), ahead);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    if (open.has(new Date(Date.UTC(y, m - 1, d)).getUTCDay())) return date;
  }
  throw new Error(`${branch.title} never opens`);
}

async function fillForm(page: Page, values: { name?: string; phone?: string; date?: string }) {
  if (values.name !== undefined) await page.getByLabel('Nombre').fill(values.name);
  if (values.phone !== undefined) await page.getByLabel('Celular').fill(values.phone);
  if (values.date !== undefined) await page.getByLabel('Fecha de tu visita').fill(values.date);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Reservar mi cortesía' }).click();

test("/cortesia/campina shows the branch and a date input that starts at the chain's today", async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  await page.goto('/cortesia/campina');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(campina.address)).toBeVisible();
  const date = page.getByLabel('Fecha de tu visita');
  await expect(date).toHaveAttribute('type', 'date');
  await expect(date).toHaveAttribute('min', chainToday());
  await expect(date).toHaveAttribute('max', addDays(chainToday(), RESERVATION_MAX_DAYS_AHEAD));
  await expect(page.getByLabel('Nombre')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("field errors appear beside their fields with the contract's messages (state 3)", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/courtesy-validate')) sent.push(r.method());
  });
  await page.goto('/cortesia/Campina');
  await submit(page);
  await expect(page.getByLabel('Nombre')).toHaveAccessibleDescription('El nombre es requerido');
  await expect(page.getByLabel('Celular')).toHaveAccessibleDescription('El celular es requerido');
  await expect(page.getByLabel('Fecha de tu visita')).toHaveAccessibleDescription(
    /La fecha de registro es requerido/,
  );
  await expect(page.getByLabel('Nombre')).toBeFocused();
  await expectNoAxeViolations(page);

  await fillForm(page, { name: 'Julián', phone: '300123456', date: addDays(chainToday(), -1) });
  await submit(page);
  await expect(page.getByLabel('Celular')).toHaveAccessibleDescription('Longitud minima 10');
  await expect(page.getByLabel('Fecha de tu visita')).toHaveAccessibleDescription(
    /La fecha no puede ser anterior a hoy/,
  );
  await expect(page.getByLabel('Celular')).toBeFocused();

  await fillForm(page, {
    phone: '30012345678',
    date: addDays(chainToday(), RESERVATION_MAX_DAYS_AHEAD + 1),
  });
  await expect(page.getByLabel('Celular')).toHaveAccessibleDescription(
    'El celular debe tener máximo 10 números',
  );
  await expect(page.getByLabel('Fecha de tu visita')).toHaveAccessibleDescription(
    new RegExp(`Elige una fecha dentro de los próximos ${RESERVATION_MAX_DAYS_AHEAD} días`),
  );
  expect(sent).toEqual([]);
});

test('the same phone twice for one day is one uppercase red heading (state 4)', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const phone = uniquePhone();
  const date = openDay(campina);
  const first = await request.post('/api/courtesy-validate', {
    data: { name: 'Primera', phone, branch_id: campina.id, date_reservation: date },
  });
  expect(first.ok()).toBe(true);

  await page.goto('/cortesia/CAMPI%C3%91A');
  await fillForm(page, { name: 'Otra vez', phone, date });
  await submit(page);
  const heading = page.getByRole('heading', {
    level: 2,
    name: `Ya tienes una cortesía reservada para ese día en la sede ${campina.title}`,
  });
  await expect(heading).toBeVisible();
  await expect(heading).toHaveCSS('text-transform', 'uppercase');
  await expect(heading).toBeFocused();
  await expectNoAxeViolations(page);

  const stored = (await storedReservations(request, campina)).filter((r) => r.phone === phone);
  expect(stored.map((r) => r.name)).toEqual(['Primera']);
});

test('a reservation is stored and confirmed with its day and a link to the menu', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const phone = uniquePhone();
  const date = openDay(campina);

  await page.goto('/cortesia/campina');
  await fillForm(page, { name: 'Julián Ortiz', phone, date });
  await submit(page);

  await expect(page).toHaveURL(/\/cortesia-confirmacion\/campina$/);
  await expect(
    page.getByRole('heading', { level: 1, name: '¡Tu cortesía está reservada!' }),
  ).toBeVisible();
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Intl.DateTimeFormat('es-CO', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
  await expect(page.getByRole('main')).toContainText(day);
  await expect(page.getByRole('main')).toContainText(campina.title);
  await expect(page.getByRole('main').getByRole('link', { name: 'Ir al Menu' })).toHaveAttribute(
    'href',
    '/menu',
  );
  await expectNoAxeViolations(page);

  const stored = (await storedReservations(request, campina)).find((r) => r.phone === phone);
  expect(stored).toMatchObject({
    name: 'Julián Ortiz',
    date_reservation: date,
    branch_id: campina.id,
  });
});

test('an unknown branch shows a not-found page with links to the real courtesy pages', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  await page.goto('/cortesia/no-existe');
  await expect(
    page.getByRole('heading', { level: 1, name: 'No encontramos la sede “no-existe”' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(campina.title) })).toHaveAttribute(
    'href',
    '/cortesia/campina',
  );
  await expectNoAxeViolations(page);
});

import {
  ACCOUNT_MESSAGES,
  LOGIN_MESSAGES,
  cartTotal,
  formatMoney,
  lineTotal,
  passwordRuleTexts,
  unitPrice,
  weakPasswordMessage,
  type Address,
  type AuthResponse,
  type Branch,
  type CartHistory,
  type FavoriteProduct,
  type PastOrder,
  type Product,
} from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';
import { uniquePhone } from './unique';

// Accounts against the real server: every figure and text below comes from the API, the shared
// schemas' messages or the shared pricing function. Tests that change an account use their own
// freshly registered customer; the demo customer is only read.

const DEMO = { email: 'cliente@comanda.test', phone: '3001234567', password: 'comanda123' };

let sequence = 0;
/** A customer nobody else uses: unique email and 10-digit phone per test and run. */
function newCustomer() {
  sequence += 1;
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${sequence}${Date.now()}`;
  return {
    name: 'Prueba Cuenta',
    email: `prueba.${stamp}@comanda.test`,
    phone: uniquePhone(),
    password: 'secreto-123',
  };
}

async function registerViaApi(request: APIRequestContext, customer = newCustomer()) {
  const response = await request.post('/api/register', {
    data: { ...customer, password_confirmation: customer.password },
  });
  expect(response.ok()).toBe(true);
  return { customer, auth: (await response.json()) as AuthResponse };
}

async function loginViaApi(
  request: APIRequestContext,
  login = DEMO.email,
  password = DEMO.password,
): Promise<AuthResponse> {
  const response = await request.post('/api/login', {
    data: { email_login: login, password_login: password },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as AuthResponse;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function branchBySlug(request: APIRequestContext, slug: string): Promise<Branch> {
  const response = await request.get('/api/branch-office');
  const branch = ((await response.json()) as { results: Branch[] }).results.find(
    (b) => b.slug === slug,
  );
  if (!branch) throw new Error(`The demo chain has no branch ${slug}`);
  return branch;
}

interface StoredSession {
  access_token: string | null;
  user: { email: string } | null;
  loggedIn: boolean;
  branch: Branch | null;
  delivery: unknown;
  cart: {
    slug: string;
    quantity: number;
    total: number;
    price: number;
    modifier_group: Product['modifier_group'];
  }[];
}

/** Writes the contract's `storage` key (its fields at the top level) before the app starts. */
async function seedSession(page: Page, session: Partial<StoredSession>) {
  await page.goto('/favicon.svg');
  const state: StoredSession = {
    access_token: null,
    user: null,
    loggedIn: false,
    branch: null,
    delivery: null,
    cart: [],
    ...session,
  };
  await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), state);
}

async function seedLogin(page: Page, auth: AuthResponse, branch: Branch | null = null) {
  await seedSession(page, {
    access_token: auth.access_token,
    user: auth.user,
    loggedIn: true,
    branch,
    delivery: branch ? 2 : null,
  });
}

/** The stored session; a visit that never changed it has no key yet, which means logged out. */
async function storedSession(page: Page): Promise<StoredSession> {
  const stored = await page.evaluate(() => localStorage.getItem('storage'));
  if (stored === null)
    return {
      access_token: null,
      user: null,
      loggedIn: false,
      branch: null,
      delivery: null,
      cart: [],
    };
  return JSON.parse(stored) as StoredSession;
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog', { name: 'Bienvenido' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function logOutFromDrawer(page: Page) {
  const drawer = await openDrawer(page);
  await drawer.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function fillLogin(page: Page, login: string, password: string) {
  await page.getByLabel('Email o celular').fill(login);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar' }).click();
}

test.describe('register, logout and login', () => {
  test('a new customer registers, logs out (token revoked) and logs in with email and with phone', async ({
    page,
    request,
  }) => {
    const customer = newCustomer();
    await page.goto('/registrate');
    await expect(page.getByRole('heading', { level: 1, name: 'REGISTRO' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Nombre').fill(customer.name);
    await page.getByLabel('Email').fill(customer.email);
    // Letters and extra digits never reach the field: at most 10 digits (product.md «Business constants»).
    await page.getByLabel('Celular').fill(`${customer.phone}99x`);
    await expect(page.getByLabel('Celular')).toHaveValue(customer.phone);
    await page.getByLabel('Contraseña', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirma la contraseña', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    // Logged in and on / (product.md: success goes to /).
    await expect(page).toHaveURL(/\/$/);
    const session = await storedSession(page);
    expect(session.loggedIn).toBe(true);
    expect(session.user?.email).toBe(customer.email);
    const token = session.access_token ?? '';
    expect((await request.get('/api/me', { headers: bearer(token) })).status()).toBe(200);

    // Drawer by login state (product.md «Screens and routes»).
    let drawer = await openDrawer(page);
    await expect(drawer).toContainText(customer.email);
    await expect(drawer.getByRole('link')).toHaveText([
      'Ir al Menu',
      'Mis Pedidos',
      'Mis Direcciones',
      'Favoritos',
    ]);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // Logout: token, storage and address gone on the device, and the token revoked on the server.
    await page.evaluate(() => localStorage.setItem('address', 'Cl. 1 #2-3'));
    await logOutFromDrawer(page);
    const after = await storedSession(page);
    expect(after).toMatchObject({ access_token: null, user: null, loggedIn: false, cart: [] });
    expect(await page.evaluate(() => localStorage.getItem('address'))).toBeNull();
    await expect
      .poll(async () => (await request.get('/api/me', { headers: bearer(token) })).status())
      .toBe(401);
    drawer = await openDrawer(page);
    await expect(drawer).toContainText('Cliente');
    await expect(drawer.getByRole('link')).toHaveText(['Ir al Menu', 'Login o Registro']);
    await drawer.getByRole('link', { name: 'Login o Registro' }).click();

    // Login with the email…
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'INICIO SESIÓN' })).toBeVisible();
    await fillLogin(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/$/);
    expect((await storedSession(page)).user?.email).toBe(customer.email);

    // …and, after another logout, with the phone number.
    await logOutFromDrawer(page);
    await page.goto('/login');
    await fillLogin(page, customer.phone, customer.password);
    await expect(page).toHaveURL(/\/$/);
    const byPhone = await storedSession(page);
    expect(byPhone.loggedIn).toBe(true);
    expect(byPhone.user?.email).toBe(customer.email);
  });

  test("login shows the contract's messages and the server's errors beside the fields", async ({
    page,
    request,
  }) => {
    const { customer } = await registerViaApi(request);
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
      'href',
      '/registrate',
    );

    await page.getByRole('button', { name: 'Iniciar' }).click();
    const login = page.getByLabel('Email o celular');
    const password = page.getByLabel('Contraseña', { exact: true });
    await expect(login).toHaveAccessibleDescription(LOGIN_MESSAGES.loginRequired);
    await expect(password).toHaveAccessibleDescription(LOGIN_MESSAGES.passwordRequired);
    await expect(login).toHaveAttribute('aria-invalid', 'true');
    await expect(login).toBeFocused();
    await expectNoAxeViolations(page);

    // Wrong password: the server's field error, beside the password; still logged out.
    await fillLogin(page, customer.email, 'no-es-este');
    await expect(password).toHaveAccessibleDescription(LOGIN_MESSAGES.invalidCredentials);
    await expect(login).not.toHaveAttribute('aria-invalid', 'true');
    expect((await storedSession(page)).loggedIn).toBe(false);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("too many attempts show the server's 429 message above the button", async ({ page }) => {
    const message = 'Demasiados intentos. Espera un momento.';
    await page.route('**/api/login', (route) => route.fulfill({ status: 429, json: { message } }));
    await page.goto('/login');
    await fillLogin(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  });

  test("registration checks with the server's schema, and a taken email or phone comes back beside its field", async ({
    page,
  }) => {
    await page.goto('/registrate');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByLabel('Nombre')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.nameRequired,
    );
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.emailRequired,
    );
    await expect(page.getByLabel('Celular')).toHaveAccessibleDescription(
      new RegExp(ACCOUNT_MESSAGES.phoneRequired),
    );
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
      new RegExp(ACCOUNT_MESSAGES.passwordShort),
    );
    await expectNoAxeViolations(page);

    await page.getByLabel('Nombre').fill('Otra Camila');
    await page.getByLabel('Email').fill('correo-malo');
    await page.getByLabel('Celular').fill('300');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto-123');
    await page.getByLabel('Confirma la contraseña', { exact: true }).fill('secreto-124');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.emailInvalid,
    );
    await expect(page.getByLabel('Celular')).toHaveAccessibleDescription(
      new RegExp(ACCOUNT_MESSAGES.phoneInvalid),
    );
    await expect(
      page.getByLabel('Confirma la contraseña', { exact: true }),
    ).toHaveAccessibleDescription(ACCOUNT_MESSAGES.confirmationMismatch);

    // After a try every change is checked again: a field still wrong keeps its message as it is
    // typed, a fixed one loses it at once.
    await page.getByLabel('Celular').fill('3001');
    await expect(page.getByLabel('Celular')).toHaveAccessibleDescription(
      new RegExp(ACCOUNT_MESSAGES.phoneInvalid),
    );
    await page.getByLabel('Email').fill('otra@ejemplo.co');
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

    // The demo customer's email and phone are taken: the server says it cannot make the account
    // with them, beside both fields, without saying which one (decision 076).
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Celular').fill(DEMO.phone);
    await page.getByLabel('Confirma la contraseña', { exact: true }).fill('secreto-123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const refused = ACCOUNT_MESSAGES.registrationRefused;
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(refused);
    await expect(page.getByLabel('Celular')).toHaveAccessibleDescription(
      new RegExp(refused.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    // The server's word stays beside its field until that field is edited.
    await page.getByLabel('Nombre').fill('Otra Camila Ruiz');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(refused);
    await page.getByLabel('Celular').fill('3109876543');
    await expect(page.getByLabel('Celular')).not.toHaveAttribute('aria-invalid', 'true');
    expect((await storedSession(page)).loggedIn).toBe(false);
  });

  test('a common password is refused by the server, with its reason beside the field; the list is not shipped', async ({
    page,
  }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text());
    });
    const stamp = Date.now().toString();
    await page.goto('/registrate');
    await page.getByLabel('Nombre').fill('Camila Común');
    await page.getByLabel('Email').fill(`comun.${stamp}@comanda.test`);
    await page.getByLabel('Celular').fill(uniquePhone());
    await page.getByLabel('Contraseña', { exact: true }).fill('password123');
    await page.getByLabel('Confirma la contraseña', { exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
      new RegExp(ACCOUNT_MESSAGES.passwordCommon),
    );
    await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
    // In no list, but a few guesses by its strength: the server's reason, and what to do instead.
    await page.getByLabel('Contraseña', { exact: true }).fill('aaaaaaaa');
    await page.getByLabel('Confirma la contraseña', { exact: true }).fill('aaaaaaaa');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
      new RegExp(weakPasswordMessage('customer', 'repeat').replace(/[()]/g, '\\$&')),
    );
    expect((await storedSession(page)).loggedIn).toBe(false);
    // The customer can look at what they typed (ASVS 2.1.12) before choosing another.
    await page.getByRole('button', { name: 'Mostrar contraseña', exact: true }).click();
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute('type', 'text');
    // The list of common passwords stays on the server: no script the storefront loaded has it.
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.some((script) => script.includes('trustno1'))).toBe(false);
    // Nor the strength estimate's dictionaries (Spanish words and surnames).
    expect(loaded.some((script) => script.includes('zxcvbn') || script.includes('fernandez'))).toBe(
      false,
    );
  });
});

test('registration lists the password’s rules before the first try, as the field’s description; so does a reset link', async ({
  page,
}) => {
  const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await page.goto('/registrate');
  const password = page.getByLabel('Contraseña', { exact: true });
  for (const rule of passwordRuleTexts('customer')) {
    await expect(page.getByText(rule, { exact: true })).toBeVisible();
    await expect(password).toHaveAccessibleDescription(escaped(rule));
  }
  await expectNoAxeViolations(page);
  await password.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('register-rules-360.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: test.info().outputPath('register-rules-1024.png') });

  // The emailed link's screen: the account's role is not known there, both lengths are said.
  await page.goto('/restablecer?token=un-enlace-de-prueba');
  for (const rule of passwordRuleTexts(null))
    await expect(page.getByText(rule, { exact: true })).toBeVisible();
});

test('a favourite added with the product page heart appears in /favoritos and can be removed there', async ({
  page,
  request,
}) => {
  const { auth } = await registerViaApi(request);
  const branch = await branchBySlug(request, 'campina');
  const product = (
    (await (await request.get(`/api/products/hamburguesa-clasica/${branch.id}`)).json()) as {
      results: Product;
    }
  ).results;
  await seedLogin(page, auth, branch);

  await page.goto('/favoritos');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Favoritos' })).toBeVisible();
  await expect(page.getByText('No tienes Favoritos')).toBeVisible();
  await expectNoAxeViolations(page);

  // The page is rendered with everyone's answer; the customer's own is asked for once it
  // hydrates. Until it comes, the heart cannot say whether the product is saved, and waits.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/products/${product.slug}/${branch.id}`, async (route) => {
    if (route.request().headers()['authorization']) await answered;
    await route.continue();
  });
  await page.goto(`/producto/${product.slug}`);
  const heart = page.getByRole('button', { name: 'Agregar a favoritos' });
  await expect(heart).toBeDisabled();
  answer();
  await expect(heart).toBeEnabled();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  const listed = await request.get('/api/favorites', { headers: bearer(auth.access_token) });
  const favorites = ((await listed.json()) as { results: FavoriteProduct[] }).results;
  expect(favorites.map((f) => f.slug)).toEqual([product.slug]);

  await page.goto('/favoritos');
  const list = page.getByRole('list', { name: 'Tus favoritos' });
  const card = list.getByRole('link', { name: new RegExp(product.title) });
  await expect(card).toHaveAttribute('href', `/producto/${product.slug}`);
  await expect(card).toContainText(product.description);
  await expectNoAxeViolations(page);

  await list.getByRole('button', { name: `Quitar ${product.title} de favoritos` }).click();
  await expect(page.getByText('No tienes Favoritos')).toBeVisible();
  const after = await request.get('/api/favorites', { headers: bearer(auth.access_token) });
  expect(((await after.json()) as { results: FavoriteProduct[] }).results).toEqual([]);

  // The card leads to the product page, whose heart now says it is not a favourite.
  await page.goto(`/producto/${product.slug}`);
  await expect(page.getByRole('button', { name: 'Agregar a favoritos' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('addresses: add, edit and delete (with confirmation), checked with the shared messages', async ({
  page,
  request,
}) => {
  const { auth } = await registerViaApi(request);
  const listAddresses = async () =>
    (
      (await (
        await request.get('/api/addresses', { headers: bearer(auth.access_token) })
      ).json()) as { results: Address[] }
    ).results;
  await seedLogin(page, auth);

  await page.goto('/direcciones');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Direcciones' })).toBeVisible();
  await expect(page.getByText('Aún no tienes direcciones guardadas')).toBeVisible();

  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const form = page.getByRole('form', { name: 'Nueva dirección' });
  await expect(form.getByLabel('Nombre')).toBeFocused();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByLabel('Nombre')).toHaveAccessibleDescription(
    new RegExp(ACCOUNT_MESSAGES.labelRequired.replace(/[()…]/g, '.')),
  );
  await expect(form.getByLabel('Dirección')).toHaveAccessibleDescription(
    ACCOUNT_MESSAGES.addressRequired,
  );
  await expect(form.getByLabel('Barrio')).toHaveAccessibleDescription(
    ACCOUNT_MESSAGES.neighbourhoodRequired,
  );
  await expect(form.getByLabel('Ciudad')).toHaveAccessibleDescription(
    ACCOUNT_MESSAGES.cityRequired,
  );
  await expectNoAxeViolations(page);
  expect(await listAddresses()).toEqual([]);

  await form.getByLabel('Nombre').fill('Casa');
  await form.getByLabel('Dirección').fill('Cl. 152B #58C-20, apto 301');
  // `Barrio` is chosen among the neighbourhoods the chain serves, grouped by city.
  const served = (
    (await (await request.get('/api/delivery/neighbourhoods')).json()) as {
      results: { name: string; city: string }[];
    }
  ).results;
  expect(new Set(served.map((n) => n.city)).size).toBeGreaterThan(1);
  const barrio = form.getByLabel('Barrio');
  for (const { name, city } of served)
    await expect(barrio.locator(`optgroup[label="${city}"] > option[value="${name}"]`)).toHaveCount(
      1,
    );
  await page.screenshot({ path: test.info().outputPath('address-form-360.png') });
  await barrio.selectOption('La Campiña');
  // Its city comes with it.
  await expect(form.getByLabel('Ciudad')).toHaveValue('Bogotá');
  await form.getByLabel('Indicaciones (opcional)').fill('Portería 2');
  await form.getByRole('button', { name: 'Guardar' }).click();

  const list = page.getByRole('list', { name: 'Tus direcciones' });
  await expect(list.getByRole('heading', { name: 'Casa' })).toBeFocused();
  await expect(list).toContainText('Cl. 152B #58C-20, apto 301');
  await expect(list).toContainText('La Campiña, Bogotá');
  await expect(list).toContainText('Portería 2');
  expect(await listAddresses()).toMatchObject([
    {
      label: 'Casa',
      address: 'Cl. 152B #58C-20, apto 301',
      neighbourhood: 'La Campiña',
      city: 'Bogotá',
      notes: 'Portería 2',
    },
  ]);

  // Edit (the same book at /domicilio, the delivery's first step, product.md «Delivery address»).
  await page.goto('/domicilio');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Direcciones' })).toBeVisible();
  await page.getByRole('button', { name: 'Editar Casa' }).click();
  const edit = page.getByRole('form', { name: 'Editar Casa' });
  await expect(edit.getByLabel('Dirección')).toHaveValue('Cl. 152B #58C-20, apto 301');
  await edit.getByLabel('Nombre').fill('Casa de mamá');
  await expect(edit.getByLabel('Barrio')).toHaveValue('La Campiña');
  // One no zone names is typed, with the honest warning.
  await edit.getByLabel('Barrio').selectOption({ label: 'Otro barrio (no está en la lista)' });
  await expect(
    edit.getByText('Ninguna sede hace domicilios a un barrio fuera de la lista por ahora'),
  ).toBeVisible();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit.getByLabel('¿Cuál barrio?')).toHaveAccessibleDescription(
    ACCOUNT_MESSAGES.neighbourhoodRequired,
  );
  await expect(edit.getByLabel('¿Cuál barrio?')).toBeFocused();
  await edit.getByLabel('¿Cuál barrio?').fill('Colina Campestre');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Editar Casa de mamá' })).toBeFocused();
  await expect(list).toContainText('Colina Campestre, Bogotá');
  expect(await listAddresses()).toMatchObject([
    { label: 'Casa de mamá', neighbourhood: 'Colina Campestre' },
  ]);

  // Delete asks first; Escape keeps the address and gives the focus back.
  const remove = page.getByRole('button', { name: 'Eliminar Casa de mamá' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar esta dirección?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect(await listAddresses()).toHaveLength(1);

  await remove.click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Aún no tienes direcciones guardadas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar dirección' })).toBeFocused();
  expect(await listAddresses()).toEqual([]);
});

test('logged-out visitors: /pedidos goes to /, /direcciones and /favoritos go to /login', async ({
  page,
}) => {
  await page.goto('/pedidos');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/direcciones');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/favoritos');
  await expect(page).toHaveURL(/\/login$/);
});

async function demoHistory(request: APIRequestContext, token: string): Promise<CartHistory> {
  const response = await request.get('/api/cart-history?page=1&per_page=50', {
    headers: bearer(token),
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CartHistory;
}

const orderCard = (page: Page, order: Pick<PastOrder, 'id'>) =>
  page.getByRole('article', { name: `Pedido #${order.id}` });

test("/pedidos shows the demo customer's history from the API, newest first", async ({
  page,
  request,
}) => {
  const auth = await loginViaApi(request);
  const history = await demoHistory(request, auth.access_token);
  expect(history.results.length).toBeGreaterThan(0);
  await seedLogin(page, auth);

  await page.goto('/pedidos');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de Pedidos' })).toBeVisible();
  const articles = page.getByRole('list', { name: 'Tus pedidos' }).getByRole('article');
  await expect(articles).toHaveCount(history.results.length);
  await expect(articles.getByRole('heading', { level: 2 })).toHaveText(
    history.results.map((order) => `Pedido #${order.id}`),
  );
  for (const order of history.results) {
    const card = orderCard(page, order);
    await expect(card).toContainText(order.branch_office.title);
    await expect(card).toContainText(order.type_delivery_text);
    await expect(card).toContainText(order.status_text);
    await expect(card).toContainText(order.address);
    await expect(card).toContainText(`Total ${formatMoney(order.total)}`);
    for (const line of order.detail) {
      await expect(card).toContainText(`${line.quantity} × ${line.title}`);
      await expect(card).toContainText(formatMoney(line.total));
    }
    await expect(
      card.getByRole('link', { name: `Ver estado del pedido ${order.id}` }),
    ).toHaveAttribute('href', `/pedidos/${order.id}`);
  }
  await expectNoAxeViolations(page);
});

test('"Ver más" loads the next page of orders', async ({ page, request }) => {
  const auth = await loginViaApi(request);
  const history = await demoHistory(request, auth.access_token);
  expect(history.total).toBeGreaterThan(1);
  // Real answers, a page of one order each, so the demo's few orders span several pages.
  const asked: URL[] = [];
  await page.route('**/api/cart-history?*', (route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    url.searchParams.set('per_page', '1');
    return route.continue({ url: url.toString() });
  });
  await seedLogin(page, auth);
  await page.goto('/pedidos');
  const articles = page.getByRole('list', { name: 'Tus pedidos' }).getByRole('article');
  await expect(articles).toHaveCount(1);
  await expect(page.getByText(`Mostrando 1 de ${history.total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Ver más' }).click();
  await expect(articles).toHaveCount(2);
  // The first order of the new page takes the focus.
  await expect(articles.nth(1).getByRole('heading', { level: 2 })).toBeFocused();
  await expect(articles.nth(1).getByRole('heading', { level: 2 })).toHaveText(
    `Pedido #${history.results[1]?.id}`,
  );
  // The next page continues after the last order shown (decision 018), not by its number alone.
  expect(asked.at(-1)?.searchParams.get('before')).toBe(String(history.results[0]?.id));
});

/** What "Volver a pedir" must put in the cart at `branch`: each line rebuilt from the API, priced by the shared function. */
async function expectedReorder(request: APIRequestContext, order: PastOrder, branch: Branch) {
  const lines = [];
  for (const line of order.detail) {
    const product = (
      (await (await request.get(`/api/products/${line.slug}/${branch.id}`)).json()) as {
        results: Product;
      }
    ).results;
    const chosen = new Set(line.options.map((o) => o.option_id));
    const modifier_group = product.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option) => ({
        ...option,
        selected: chosen.has(option.id),
      })),
    }));
    const priced = { price: product.price, modifier_group };
    lines.push({
      line,
      product,
      priced,
      quantity: line.quantity,
      total: lineTotal(priced, line.quantity),
      unit: unitPrice(priced),
    });
  }
  return lines;
}

test('"Volver a pedir" rebuilds the order at the current branch, with today\'s prices and what changed', async ({
  page,
  request,
}) => {
  const auth = await loginViaApi(request);
  const history = await demoHistory(request, auth.access_token);
  const order = history.results[0];
  if (!order) throw new Error('The demo customer has no orders');

  // No branch yet: the customer is asked to choose one first, and nothing is added.
  await seedLogin(page, auth);
  await page.goto('/pedidos');
  await orderCard(page, order).getByRole('button', { name: 'Volver a pedir' }).click();
  const ask = orderCard(page, order).getByRole('status');
  await expect(ask).toContainText('Primero elige la sede donde quieres pedir.');
  await expect(ask.getByRole('link', { name: 'Elegir sede' })).toHaveAttribute(
    'href',
    '/delivery-takeout',
  );
  await expect(ask).toBeFocused();
  expect((await storedSession(page)).cart).toEqual([]);

  // At Terminal 24h (its own prices): the cart gets the order's lines as the API prices them today.
  const branch = await branchBySlug(request, 'terminal-24h');
  const expected = await expectedReorder(request, order, branch);
  expect(expected.every(({ product }) => product.available)).toBe(true);
  // Why this branch: it prices some of the order differently, so the notice has a change to tell.
  expect(expected.some(({ line, unit }) => unit !== line.unit_price)).toBe(true);
  await seedLogin(page, auth, branch);
  await page.goto('/pedidos');
  await orderCard(page, order).getByRole('button', { name: 'Volver a pedir' }).click();
  const notice = orderCard(page, order).getByRole('status');
  const count = expected.reduce((sum, e) => sum + e.quantity, 0);
  await expect(notice).toContainText(
    `Agregamos ${count} ${count === 1 ? 'producto' : 'productos'} al carrito`,
  );
  await expect(notice).toContainText(branch.title);
  for (const { line, unit } of expected) {
    const change = `${line.title}: el precio cambió de ${formatMoney(line.unit_price)} a ${formatMoney(unit)}`;
    if (unit !== line.unit_price) await expect(notice).toContainText(change);
    else await expect(notice).not.toContainText(change);
  }
  await expectNoAxeViolations(page);

  const cart = (await storedSession(page)).cart;
  expect(cart.map((item) => [item.slug, item.quantity])).toEqual(
    expected.map((e) => [e.line.slug, e.quantity]),
  );
  const total = cartTotal(expected.map((e) => ({ ...e.priced, quantity: e.quantity })));
  expect(cartTotal(cart)).toBe(total);
  expect(cart.map((item) => item.total)).toEqual(expected.map((e) => e.total));

  await notice.getByRole('link', { name: 'Ver carrito' }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole('main')).toContainText(formatMoney(total));

  // Again, with the cart holding it: the customer is asked first, and nothing changes until then.
  await page.goto('/pedidos');
  await orderCard(page, order).getByRole('button', { name: 'Volver a pedir' }).click();
  const question = orderCard(page, order).getByRole('status');
  await expect(question).toContainText('Tu carrito ya tiene productos.');
  await expect(question).toBeFocused();
  expect((await storedSession(page)).cart).toHaveLength(cart.length);
  await question.getByRole('button', { name: 'Reemplazar el carrito' }).click();
  await expect(question).toContainText('al carrito');
  // Replaced, not doubled: the same lines as one reorder.
  const replaced = (await storedSession(page)).cart;
  expect(replaced.map((item) => [item.slug, item.quantity])).toEqual(
    expected.map((e) => [e.line.slug, e.quantity]),
  );
  await orderCard(page, order).getByRole('button', { name: 'Volver a pedir' }).click();
  await question.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect.poll(async () => (await storedSession(page)).cart.length).toBe(2 * cart.length);
});

test('"Volver a pedir" says plainly what could not be re-added, and adds the rest', async ({
  page,
  request,
}) => {
  const auth = await loginViaApi(request);
  const branch = await branchBySlug(request, 'campina');
  // A product sold out at this branch today, found through the catalogue, not named here.
  const categories = (
    (await (await request.get('/api/category-client')).json()) as { results: { slug: string }[] }
  ).results;
  let soldOut: Product | undefined;
  for (const category of categories) {
    const body = (await (
      await request.get(`/api/category/${category.slug}/${branch.id}`)
    ).json()) as {
      results: { products: { slug: string; unavailable_reason: string | null }[] };
    };
    const card = body.results.products.find((p) => p.unavailable_reason === 'sold_out');
    if (card) {
      soldOut = (
        (await (await request.get(`/api/products/${card.slug}/${branch.id}`)).json()) as {
          results: Product;
        }
      ).results;
      break;
    }
  }
  if (!soldOut) throw new Error(`Nothing is sold out at ${branch.title} in the demo chain`);

  const history = await demoHistory(request, auth.access_token);
  const real = history.results[0];
  if (!real) throw new Error('The demo customer has no orders');
  // The real newest order, as if it had also carried the sold-out product.
  const order: PastOrder = {
    ...real,
    detail: [
      ...real.detail,
      {
        product_id: soldOut.id,
        slug: soldOut.slug,
        title: soldOut.title,
        image: soldOut.image,
        unit_price: soldOut.price,
        quantity: 1,
        total: soldOut.price,
        options: [],
        note: '',
      },
    ],
  };
  await page.route('**/api/cart-history?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as CartHistory;
    return route.fulfill({
      response,
      json: { ...body, results: body.results.map((o) => (o.id === order.id ? order : o)) },
    });
  });
  const expected = await expectedReorder(request, real, branch);

  await seedLogin(page, auth, branch);
  await page.goto('/pedidos');
  await orderCard(page, order).getByRole('button', { name: 'Volver a pedir' }).click();
  const notice = orderCard(page, order).getByRole('status');
  await expect(notice).toContainText(`No agregado: ${soldOut.title} se agotó en ${branch.title}`);
  const cart = (await storedSession(page)).cart;
  expect(cart.map((item) => item.slug)).toEqual(real.detail.map((line) => line.slug));
  expect(cartTotal(cart)).toBe(expected.reduce((sum, e) => sum + e.total, 0));
  await expect(notice.getByRole('link', { name: 'Ver carrito' })).toHaveAttribute(
    'href',
    '/carrito',
  );
});

test('a revoked token makes /pedidos log the customer out (product.md «Error catalogue»)', async ({
  page,
  request,
}) => {
  const auth = await loginViaApi(request);
  // The realtime socket refuses a bad token too: kept out, so only cart-history's 401 can act here.
  await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
  await page.route('**/socket.io/**', (route) => route.abort());
  await seedLogin(page, auth);
  // The same account logs out elsewhere: this device's token is revoked on the server.
  expect((await request.post('/api/logout', { headers: bearer(auth.access_token) })).ok()).toBe(
    true,
  );

  await page.goto('/pedidos');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await storedSession(page)).loggedIn).toBe(false);
  expect((await storedSession(page)).access_token).toBeNull();
  const drawer = await openDrawer(page);
  await expect(drawer).toContainText('Cliente');
  await expect(drawer.getByRole('link', { name: 'Login o Registro' })).toBeVisible();
});

test('a corrupted stored token is dropped too', async ({ page, request }) => {
  const auth = await loginViaApi(request);
  await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
  await page.route('**/socket.io/**', (route) => route.abort());
  await seedLogin(page, { ...auth, access_token: `${auth.access_token}x` });
  await page.goto('/pedidos');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await storedSession(page)).access_token).toBeNull();
});

test('a failed load says so in Spanish and "Reintentar" loads it', async ({ page, request }) => {
  const auth = await loginViaApi(request);
  let failing = true;
  // Down until the customer retries: the automatic retries fail too.
  await page.route('**/api/favorites', (route) =>
    failing
      ? route.fulfill({ status: 503, json: { message: 'Servicio no disponible' } })
      : route.continue(),
  );
  await seedLogin(page, auth);
  await page.goto('/favoritos');
  const error = page.getByRole('alert').filter({ hasText: 'No pudimos cargar tus favoritos.' });
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error).toContainText('Servicio no disponible');
  await expectNoAxeViolations(page);
  failing = false;
  await error.getByRole('button', { name: 'Reintentar' }).click();
  const favorites = (
    (await (
      await request.get('/api/favorites', { headers: bearer(auth.access_token) })
    ).json()) as { results: FavoriteProduct[] }
  ).results;
  expect(favorites.length).toBeGreaterThan(0);
  await expect(page.getByRole('list', { name: 'Tus favoritos' }).getByRole('link')).toHaveCount(
    favorites.length,
  );
});

import {
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  panelLogin,
  seedPanelSession,
  test,
} from './console-support';

// /panel: who may run a branch from it, and which branch. Against a server of the console specs'
// own (see console-support.ts), with the demo accounts.

test('a customer account is told it has no access to the panel, and its token is not kept', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  await page.goto('/panel');
  await expect(page.getByRole('heading', { name: 'Panel de sede' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Email o celular').fill(customer.user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('secreto-123');
  // The console's login (decision 044): a session for an account without a second factor.
  const loginAnswer = page.waitForResponse((response) =>
    response.url().endsWith('/api/login/staff'),
  );
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const { access_token } = (await (await loginAnswer).json()) as { access_token: string };
  await expect(
    page.getByRole('alert').filter({ hasText: 'Esta cuenta no tiene acceso al panel' }),
  ).toBeVisible();
  // Still on the form: nothing of the console was shown, nothing stored, the token revoked.
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  const stored = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('comanda:panel') ?? '{}') as { access_token?: unknown })
        .access_token,
  );
  expect(stored ?? null).toBeNull();
  await expect
    .poll(async () =>
      (
        await request.get('/api/me', { headers: { Authorization: `Bearer ${access_token}` } })
      ).status(),
    )
    .toBe(401);
  // The customer's storefront session is untouched by the panel's login.
  expect(await page.evaluate(() => localStorage.getItem('storage'))).toBeNull();
});

test('a stored session of an account without access shows the same message and lets another account in', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  await seedPanelSession(page, customer, null);
  await page.goto('/panel');
  await expect(
    page.getByRole('heading', { name: 'Esta cuenta no tiene acceso al panel' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Entrar con otra cuenta' }).click();
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
});

test('wrong password: the server says so beside the form', async ({ page }) => {
  await panelLogin(page, 'campina@comanda.test', 'no-es-esta');
  await expect(page.getByText('El usuario o el password no son correctos')).toBeVisible();
});

test('campina@comanda.test goes straight to Campiña and sees no other branch', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await panelLogin(page, 'campina@comanda.test');
  await expect(page.getByText('Sede Campiña')).toBeVisible();
  await expect(page).toHaveTitle(/Panel · Campiña$/);
  await expect(page.getByRole('heading', { name: /^Nuevos/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // No other branch to go to, on the board or in Controles.
  await expect(page.getByRole('button', { name: 'Cambiar sede' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Controles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Controles de Campiña' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar de sede' })).toHaveCount(0);
});

test('staff of every branch choose one, and this device remembers it; Cambiar sede chooses again', async ({
  page,
}) => {
  await panelLogin(page, 'staff@comanda.test');
  await expect(
    page.getByRole('heading', { name: '¿Qué sede atiendes en este equipo?' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Campiña/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Terminal 24h/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Chicó/ }).click();
  await expect(page.getByText('Sede Chicó')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Sede Chicó')).toBeVisible();

  // On a phone the header keeps the branch's name whole: the way to another is in Controles.
  await expect(page.getByRole('button', { name: 'Cambiar sede' })).toBeHidden();
  await page.getByRole('link', { name: 'Controles' }).click();
  await page.getByRole('button', { name: 'Cambiar de sede' }).click();
  await page.getByRole('button', { name: /Campiña/ }).click();
  await expect(page.getByText('Sede Campiña')).toBeVisible();

  // Logging out keeps the device's branch: the next shift lands on the same board.
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await panelLogin(page, 'staff@comanda.test');
  await expect(page.getByText('Sede Campiña')).toBeVisible();
});

test('the panel login does not log the storefront in or out', async ({ page, request }) => {
  const customer = await newCustomer(request);
  await page.goto('/favicon.svg');
  await page.evaluate((state) => localStorage.setItem('storage', JSON.stringify(state)), {
    access_token: customer.access_token,
    user: customer.user,
    loggedIn: true,
    branch: null,
    delivery: null,
    cart: [],
  });
  const staff = await loginApi(request, 'campina@comanda.test');
  await seedPanelSession(page, staff, null);
  await page.goto('/panel');
  await expect(page.getByText('Sede Campiña')).toBeVisible();
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('storage') ?? '{}') as { access_token: string },
  );
  expect(stored.access_token).toBe(customer.access_token);
});

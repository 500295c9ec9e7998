import {
  CHECKOUT_MESSAGES,
  cartTotal,
  formatMoney,
  lineTotal,
  type AuthResponse,
  type Branch,
  type PaymentType,
  type PlacedOrder,
  type Product,
  type SurveyParameter,
} from '@comanda/shared';
import Database from 'better-sqlite3';
import { expect, expectNoAxeViolations, test, type APIRequestContext } from './base-test';
import { stuckChrome } from './layout-support';
import { uniquePhone } from './unique';

// product.md «Discount codes», end to end: a signup at /descuento/… mails its code (read here from
// the outbox, as the customer would from their mail); the code typed at checkout is priced by
// the server, and the placed order shows what it took off. The branch open 24 hours, so the
// order can be placed whenever the suite runs.

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

/** A customer nobody else uses, registered through the API. */
async function newCustomer(request: APIRequestContext) {
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${Date.now()}`;
  const customer = {
    name: 'Prueba Cupón',
    email: `cupon.${stamp}@comanda.test`,
    phone: uniquePhone(),
    password: 'secreto-123',
  };
  const response = await request.post('/api/register', {
    data: { ...customer, password_confirmation: customer.password },
  });
  expect(response.ok()).toBe(true);
  return { ...customer, auth: (await response.json()) as AuthResponse };
}

/** One available product of the branch as a cart line, each required group with its first option. */
async function cartLine(request: APIRequestContext, branch: Branch, quantity: number) {
  const category = await json<{ results: { products: { slug: string; available: boolean }[] } }>(
    request,
    `/api/category/pizzas/${branch.id}`,
  );
  const card = category.results.products.find((p) => p.available);
  if (!card) throw new Error('Nothing available in pizzas');
  const item = (
    await json<{ results: Product }>(request, `/api/products/${card.slug}/${branch.id}`)
  ).results;
  const line = {
    _id: 'line-coupon',
    id: item.id,
    slug: item.slug,
    title: item.title,
    description: item.description,
    image: item.image,
    price: item.price,
    quantity,
    total: 0,
    favorite: null,
    modifier_group: item.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option, index) => ({
        ...option,
        selected: group.required && index === 0,
      })),
    })),
  };
  return { ...line, total: lineTotal(line, quantity) };
}

/**
 * The code in the newest coupon email to this address, read from the outbox of the server's
 * database (playwright.config.ts names its folder after the server's port).
 */
function mailedCode(baseURL: string, email: string): string {
  const db = new Database(`test-results/e2e-db-${new URL(baseURL).port}/comanda.db`, {
    readonly: true,
  });
  try {
    const row = db
      .prepare(
        "select text_body from outbox where to_address = ? and kind = 'coupon-code' order by id desc limit 1",
      )
      .get(email) as { text_body: string } | undefined;
    const code = /^([A-Z2-9]{4}-[A-Z2-9]{4})$/m.exec(row?.text_body ?? '')?.[1];
    if (!code) throw new Error(`no coupon code mailed to ${email}`);
    return code;
  } finally {
    db.close();
  }
}

test('a code from /descuento, typed at checkout, comes off the order the server places', async ({
  page,
  request,
  baseURL,
}) => {
  const { results: branches } = await json<{ results: Branch[] }>(request, '/api/branch-office');
  const branch = branches.find((b) => b.slug === 'terminal-24h')!;
  const [source] = (
    await json<{ results: SurveyParameter[] }>(request, '/api/parameters-segment/survey')
  ).results;
  const [payment] = (await json<{ results: PaymentType[] }>(request, '/api/cart-type-payment'))
    .results;
  const customer = await newCustomer(request);

  // The signup: its confirmation says the code went by email, and the email carries it.
  await page.goto(`/descuento/${branch.slug}`);
  await page.getByLabel('Nombre').fill(customer.name);
  await page.getByLabel('Celular').fill(customer.phone);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Confirma tu email').fill(customer.email);
  await page.getByLabel('Dirección').fill('Cra. 7 #72-41');
  await page.getByLabel('Como nos conociste?').selectOption({ label: source!.description });
  await page.getByRole('button', { name: 'Obtener mi cupón' }).click();
  await expect(page.getByText('Te enviamos tu código de descuento por correo.')).toBeVisible();
  const code = mailedCode(baseURL!, customer.email);

  // A cart and a logged-in session, as the product page and the login leave them.
  const cart = [await cartLine(request, branch, 2)];
  await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), {
    access_token: customer.auth.access_token,
    user: customer.auth.user,
    loggedIn: true,
    branch,
    delivery: 2,
    cart,
  });
  await page.goto('/opciones-de-pago');
  await page.getByRole('radio', { name: payment!.parameter.description }).check();

  // A code that does not exist: the server's refusal beside the field, nothing placed.
  const field = page.getByRole('textbox', { name: 'Código de descuento' });
  await field.fill('ZZZZ-ZZZZ');
  const totals = page.getByRole('region', { name: 'Total del pedido' });
  await expect(totals).toContainText('se aplica al confirmar');
  // Until the server answers, the total is the products' alone.
  await expect(totals).toContainText(formatMoney(cartTotal(cart)));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(field).toHaveAccessibleDescription(CHECKOUT_MESSAGES.couponUnknown);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // The code as a customer may type it: lower case, without the dash.
  await field.fill(code.replace('-', '').toLowerCase());
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/confirmacion\?pedido=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('pedido'));

  const answer = await request.get(`/api/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${customer.auth.access_token}` },
  });
  expect(answer.ok()).toBe(true);
  const order = ((await answer.json()) as { results: PlacedOrder }).results;
  // The coupon's 10 % of the products, as the server computed it.
  expect(order.discount).toBe(Math.floor(cartTotal(cart) / 10));
  expect(order.total).toBe(cartTotal(cart) - order.discount);

  await page.getByRole('link', { name: 'Ver estado del pedido' }).click();
  await expect(page).toHaveURL(`/pedidos/${orderId}`);
  const discountLine = page.getByText('Descuento', { exact: true }).locator('..');
  await expect(discountLine).toContainText(`−${formatMoney(order.discount)}`);
  await expect(page.getByText(formatMoney(order.total)).last()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('on a 360×740 phone the checkout’s fixed bars take a quarter of the screen at most, and a refused code scrolls into view above them', async ({
  page,
  request,
}) => {
  const { results: branches } = await json<{ results: Branch[] }>(request, '/api/branch-office');
  const branch = branches.find((b) => b.slug === 'terminal-24h')!;
  const [payment] = (await json<{ results: PaymentType[] }>(request, '/api/cart-type-payment'))
    .results;
  const customer = await newCustomer(request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), {
    access_token: customer.auth.access_token,
    user: customer.auth.user,
    loggedIn: true,
    branch,
    delivery: 2,
    cart: [await cartLine(request, branch, 2)],
  });
  await page.goto('/opciones-de-pago');
  await page.getByRole('radio', { name: payment!.parameter.description }).check();
  const field = page.getByRole('textbox', { name: 'Código de descuento' });
  await field.fill('ZZZZ-ZZZZ');

  // Continuar pressed from the top of the page, the code far below.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(field).toHaveAccessibleDescription(CHECKOUT_MESSAGES.couponUnknown);
  await expect(field).toBeFocused();
  const chrome = await stuckChrome(page);
  expect(chrome.covered, JSON.stringify(chrome)).toBeLessThanOrEqual(chrome.height / 4);
  // The field and its refusal in the free band between the header and the bar.
  const error = page.locator(`#${await field.getAttribute('aria-describedby')}`);
  for (const part of [field, error]) {
    await expect
      .poll(async () => {
        const box = (await part.boundingBox())!;
        return box.y >= chrome.top && box.y + box.height <= chrome.bottom;
      })
      .toBe(true);
  }
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('coupon-refused-360.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('coupon-refused-1024.png') });
});

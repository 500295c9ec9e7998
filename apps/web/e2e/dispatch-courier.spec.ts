import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  countChimes,
  expect,
  expectNoAxeViolations,
  newCustomer,
  saveAddress,
  seedCustomer,
  panelLogin,
  terminalBranch,
  test,
} from './console-support';
import {
  assignTrip,
  COURIER_PASSWORD,
  newCourier,
  readyDeliveryOrder,
  staffOrder,
  teachDoor,
  type TestCourier,
} from './dispatch-support';

// The courier's phone (/panel/reparto) and the customer's order page, both at a phone's 360 px,
// against a server of this worker's own (console-support): the counter's part (assigning) is
// done through the staff API; the courier's and the customer's through their screens.

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

// Near Terminal 24h (Bogotá's bus terminal), then across the city: a fix that must move the estimate.
const NEAR = { latitude: 4.6535, longitude: -74.1153 };
/** The customer's door, a kilometre from the terminal. */
const DOOR = { lat: 4.66, lng: -74.11 };
const FAR = { latitude: 4.7598, longitude: -74.0305 };
/** More than the 15 s the phone waits between two positions (features/courier/lib/position-pace.ts). */
const PAST_POSITION_PACE_MS = 16_000;

/** The courier's phone: a context of its own, with the position allowed and set. */
async function courierPhone(browser: Browser, baseURL: string, courier: TestCourier) {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: PHONE,
    permissions: ['geolocation'],
    geolocation: NEAR,
  });
  const phone: Page = await context.newPage();
  await phone.clock.install();
  const notes = await countChimes(phone);
  // The panel's own login form: a courier's account is let in, and sent to its phone's screen.
  await panelLogin(phone, courier.email, COURIER_PASSWORD);
  await expect(phone).toHaveURL(/\/panel\/reparto$/);
  // Whatever path of the panel it opens: nothing of the board or the back office.
  await phone.goto('/panel/admin/menu');
  await expect(phone).toHaveURL(/\/panel\/reparto$/);
  return { context, phone, notes };
}

const stop = (phone: Page, orderId: number) => phone.locator(`li[data-order-id="${orderId}"]`);

test('the courier rings, leaves, delivers one and brings the other back; the customer sees who is coming and when', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const courier = await newCourier(request, [branch.id], 'Andrés Gómez');
  const customer = await newCustomer(request, 'Marta Ruiz');
  const address = await saveAddress(request, customer, branch);
  await teachDoor(baseURL!, request, customer, branch, address, DOOR);
  const first = await readyDeliveryOrder(baseURL!, request, customer, branch, address);
  const second = await readyDeliveryOrder(baseURL!, request, customer, branch, address);

  const { context, phone, notes } = await courierPhone(browser, baseURL!, courier);
  try {
    await expect(phone.getByRole('heading', { name: 'Fuera de turno' })).toBeVisible();
    await phone.getByRole('button', { name: 'Empezar turno' }).click();
    await expect(phone.getByRole('heading', { name: /^En turno/ })).toBeVisible();
    await expectNoAxeViolations(phone);

    // The counter hands both orders to the courier: the phone rings.
    await assignTrip(request, courier, [first.id, second.id]);
    await expect(phone.getByTestId('alarm')).toContainText('¡Nuevo viaje! 2 pedidos · sonando');
    await expect.poll(notes).toBeGreaterThan(0);
    await expect(stop(phone, first.id)).toContainText('Marta');
    await expect(stop(phone, first.id)).toContainText(address.address);
    await expect(stop(phone, first.id).getByRole('link', { name: 'Cómo llegar' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
    );
    await expect(stop(phone, first.id).getByRole('link', { name: /^Llamar/ })).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await expectNoAxeViolations(phone);
    await phone.screenshot({
      path: test.info().outputPath('courier-trip-ringing.png'),
      fullPage: true,
    });
    await phone.getByRole('button', { name: 'Visto' }).click();
    await expect(phone.getByTestId('alarm')).toHaveCount(0);

    // Salí: both on their way; the position is shared once the courier agrees, after the explanation.
    await phone.getByRole('button', { name: 'Salí' }).click();
    await expect(phone.getByRole('heading', { name: 'En camino · 2 pedidos' })).toBeVisible();
    await expect(phone.getByText(/se borra 24 h después/)).toBeVisible();
    const firstFix = phone.waitForResponse((response) =>
      response.url().endsWith('/api/courier/position'),
    );
    await phone.getByRole('button', { name: 'Compartir ubicación' }).click();
    expect((await firstFix).ok()).toBe(true);
    await expect(phone.getByText('Compartiendo tu ubicación', { exact: false })).toBeVisible();
    await expectNoAxeViolations(phone);
    await phone.screenshot({
      path: test.info().outputPath('courier-trip-out.png'),
      fullPage: true,
    });

    await expectCustomerSeesTheCourierMove(page, customer, branch, first.id, context, phone);

    // Delivers the first, brings the second back with its reason.
    await stop(phone, first.id).getByRole('button', { name: 'Entregado' }).click();
    await expect(stop(phone, first.id)).toContainText('Entregado');
    await stop(phone, second.id).getByRole('button', { name: 'No se pudo entregar' }).click();
    const dialog = phone.getByRole('dialog', {
      name: `¿Por qué no se pudo entregar el pedido #${second.id}?`,
    });
    await dialog.getByRole('radio', { name: 'No contestó' }).check();
    await expectNoAxeViolations(phone);
    await dialog.getByRole('button', { name: 'Devolver' }).click();
    await expect(phone.getByRole('heading', { name: /^En turno/ })).toBeVisible();
    await expect(phone.getByText('Sin viaje por ahora', { exact: false })).toBeVisible();

    await expect(page.getByTestId('order-status')).toHaveText('Entregado');
    await expect
      .poll(async () => {
        const back = await staffOrder(request, branch, second.id);
        return back && { status: back.status, reason: back.delivery_failed };
      })
      .toEqual({ status: 'ready', reason: 'No contestó' });
  } finally {
    await context.close();
  }
});

/**
 * The customer's page of an order on its way: the courier's first name and an arrival range that
 * moves when the courier's phone reports a position across the city.
 */
async function expectCustomerSeesTheCourierMove(
  page: Page,
  customer: Awaited<ReturnType<typeof newCustomer>>,
  branch: Awaited<ReturnType<typeof terminalBranch>>,
  orderId: number,
  phoneContext: BrowserContext,
  phone: Page,
) {
  await seedCustomer(page, customer, branch);
  await page.goto(`/pedidos/${orderId}`);
  await expect(page.getByTestId('order-courier')).toContainText('Andrés va en camino');
  const arrival = page.getByTestId('order-arrival');
  await expect(arrival).toHaveText(/^Llega (entre \d\d:\d\d y \d\d:\d\d|a las \d\d:\d\d)$/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('customer-courier.png'), fullPage: true });
  const before = await arrival.textContent();

  const moved = phone.waitForResponse((response) =>
    response.url().endsWith('/api/courier/position'),
  );
  await phone.clock.fastForward(PAST_POSITION_PACE_MS);
  await phoneContext.setGeolocation(FAR);
  expect((await moved).ok()).toBe(true);
  await expect.poll(() => arrival.textContent()).not.toBe(before);
}

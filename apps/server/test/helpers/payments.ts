import {
  confirmCartAnswer,
  orderListResponse,
  orderResponse,
  type ConfirmCartAnswer,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { SIMULATOR_KEYS, type Config } from '../../src/config';
import { serveSimulator } from '../../src/payment-simulator/serve';
import type { Delivery } from '../../src/payment-simulator/events';
import { buildTestApp, type TestApp } from './app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
} from './ordering';
import { confirmCart, connected, listen, openSocket } from './sockets';

/** The demo chain's method paid online (decision 061). */
export const ONLINE_PAYMENT = { id: 4 } as const;

/**
 * The app on a fresh database, listening, with the payment simulator as a real HTTP server of its
 * own (Wompi's protocol) and its events posted to the app's webhook. Deliveries retry fast.
 */
export async function paymentsHarness(overrides: Partial<Config> = {}) {
  let webhook: string | null = null;
  const sim = await serveSimulator(
    { keys: SIMULATOR_KEYS, webhookUrl: () => webhook, retryMs: 50, retries: 3, lateMs: 400 },
    0,
  );
  const t: TestApp = await buildTestApp({
    PAYMENT_PROVIDER: 'simulator',
    WOMPI_API_URL: `${sim.url}/v1`,
    PUBLIC_URL: 'http://tienda.test',
    ...overrides,
  });
  const url = await listen(t.app);
  webhook = `${url}/api/payments/wompi/events`;
  return {
    t,
    sim,
    url,
    /** Every delivery begun so far has ended (answered, or given up). */
    settled: () => sim.simulator.deliverer.settled(),
    async close() {
      await sim.close();
      await t.close();
    },
  };
}

export type PaymentsHarness = Awaited<ReturnType<typeof paymentsHarness>>;

/** Places an order paid online; answers the order and where the customer is sent to pay. */
export async function placeOnline(
  socket: Socket,
  payload: Record<string, unknown>,
): Promise<{ order: PlacedOrder; redirect: string }> {
  const answer = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  if (!answer.payment) throw new Error(`order ${answer.order.id} came back without a payment`);
  return { order: answer.order, redirect: answer.payment.redirect_url };
}

/**
 * What the customer's browser does at the simulator's checkout: opens the page the order was
 * sent to, then presses Aprobar, Rechazar or Dejar pendiente, the events reaching the app as
 * `delivery` says. Answers the transaction id the checkout sends the customer back with.
 */
export async function payAtCheckout(
  redirect: string,
  outcome: 'APPROVED' | 'DECLINED' | 'PENDING',
  delivery: Delivery = 'una',
  tamper?: (form: URLSearchParams) => void,
): Promise<string> {
  const checkout = new URL(redirect);
  const page = await fetch(checkout);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`checkout page ${page.status}: ${html}`);
  const form = new URLSearchParams(checkout.searchParams);
  tamper?.(form);
  form.set('outcome', outcome);
  form.set('method', 'CARD');
  form.set('delivery', delivery);
  const paid = await fetch(new URL('/p/pay', checkout.origin), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = paid.headers.get('location');
  if (paid.status !== 303 || !back) throw new Error(`checkout answered ${paid.status}`);
  const id = new URL(back).searchParams.get('id');
  if (!id) throw new Error(`no transaction in ${back}`);
  return id;
}

/** Resolves when `check` holds, polling every 20 ms; fails after `ms`. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A branch open round the clock, the demo customer and an all-branch staff member, each with a
 * socket (every `new-order` the staff one hears is kept), and one product to order.
 */
export async function paymentScene(overrides: Partial<Config> = {}) {
  const harness = await paymentsHarness(overrides);
  const { t, url } = harness;
  const branch = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, branch.id);
  const customerToken = await login(t.app, 'cliente@comanda.test');
  const staffToken = await login(t.app, 'staff@comanda.test');
  const customer = openSocket(url, customerToken);
  const staff = openSocket(url, staffToken);
  await Promise.all([connected(customer), connected(staff)]);
  const rung: number[] = [];
  staff.on('new-order', (order: PlacedOrder) => rung.push(order.id));
  const [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
  return {
    ...harness,
    branch,
    customer,
    staff,
    customerToken,
    staffToken,
    /** The ids of every `new-order` the branch's staff heard, in order. */
    rung,
    /** An order of the product at the branch, paid online unless told otherwise. */
    payload: (extra: Record<string, unknown> = {}) =>
      orderPayload(branch.id, [cartItem(product, 1)], {
        payment: ONLINE_PAYMENT,
        delivery: 'delivery-takeout',
        ...extra,
      }),
    /** The order as its customer reads it. */
    async order(id: number): Promise<PlacedOrder> {
      const res = await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(customerToken) });
      if (res.statusCode !== 200) throw new Error(`order ${id}: ${res.statusCode}`);
      return orderResponse.parse(res.json()).results;
    },
    /** The ids on the branch's board. */
    async board(): Promise<number[]> {
      const res = await t.app.inject({
        url: `/api/staff/orders?branch_id=${branch.id}`,
        headers: bearer(staffToken),
      });
      return orderListResponse.parse(res.json()).results.map((order) => order.id);
    },
    async close() {
      customer.disconnect();
      staff.disconnect();
      await harness.close();
    },
  };
}

export type PaymentScene = Awaited<ReturnType<typeof paymentScene>>;

import {
  CHECKOUT_MESSAGES,
  DELIVERY_MESSAGES,
  DELIVERY_ZONE_MESSAGES,
  cartHistoryResponse,
  chainToday,
  confirmCartAnswer,
  coverageResponse,
  dayOrdersResponse,
  deliveryEstimate,
  orderListResponse,
  orderResponse,
  placedOrderSchema,
  reorderResponse,
  unitPrice,
  type ConfirmCartAnswer,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_WORK_STATUSES } from '../../../src/modules/orders/schedule/open-work';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  refused,
} from '../../helpers/ordering';
import { confirmCart, connected, listen, next, openSocket } from '../../helpers/sockets';

// Every detail reaches the door: a delivery order keeps its address's notes, its neighbourhood
// and the customer's phone as they were when ordered, on every answer the customer and the
// branch read. The server is the judge at placement (coverage, fee, minimum and estimate from the
// stored address and zone, never the client), and "Volver a pedir" keeps the type and address.

let t: TestApp;
let url: string;
let branch: { id: number; title: string };
let tokens: { customer: string; staff: string; admin: string };
let product: Product;
let addressId: number;
const NOTES = 'Torre 2 apto 303, timbre dañado';
const ZONE = 'Barrio Detalles';
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    staff: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  branch = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
  [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
  addressId = await newAddress(tokens.customer, ZONE, NOTES);
  await setZone({ neighbourhood: ZONE, fee: 2000, min_order: 0, delivery_minutes: 20 });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await setZone({ neighbourhood: ZONE, fee: 2000, min_order: 0, delivery_minutes: 20 });
  await t.app.inject({
    method: 'PUT',
    url: `/api/staff/branches/${branch.id}/rush`,
    headers: bearer(tokens.admin),
    payload: { extra_minutes: 0 },
  });
  // The estimates below are the ones of an idle kitchen: the orders a test placed leave it, so
  // the queue never grows past the kitchen's stations however slowly the file runs (the queue is
  // re-read once a second, so a fast run would hide a queue a slow one sees).
  await t.database.db
    .updateTable('orders')
    .set({ status: 'delivered' })
    .where('branch_id', '=', branch.id)
    .where('status', 'in', OPEN_WORK_STATUSES)
    .execute();
});
afterAll(() => t.close());

async function newAddress(token: string, neighbourhood: string, notes = ''): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: bearer(token),
    payload: { label: 'Casa', address: 'Cl. 150 #58-10', neighbourhood, city: 'Bogotá', notes },
  });
  expect(res.statusCode).toBe(201);
  return res.json().results.id as number;
}

/** The branch's zones with `zone` put in (by name) or, with `remove`, taken out. */
async function setZone(
  zone: { neighbourhood: string; fee: number; min_order: number; delivery_minutes: number },
  remove = false,
) {
  const current = await t.database.db
    .selectFrom('branch_delivery_zones')
    .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
    .where('branch_id', '=', branch.id)
    .execute();
  const others = current.filter((z) => z.neighbourhood !== zone.neighbourhood);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/branches/${branch.id}/zones`,
    headers: bearer(tokens.admin),
    payload: { zones: remove ? others : [...others, zone] },
  });
  expect(res.statusCode).toBe(200);
}

async function socketFor(token: string) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function placeAnswer(overrides: Record<string, unknown>, quantity = 1) {
  const payload = orderPayload(branch.id, [cartItem(product, quantity)], overrides);
  return confirmCartAnswer.parse(
    await confirmCart<ConfirmCartAnswer>(await socketFor(tokens.customer), payload),
  );
}
async function placed(overrides: Record<string, unknown>, quantity = 1) {
  const answer = await placeAnswer(overrides, quantity);
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  return answer;
}

const get = (path: string, token = tokens.customer) =>
  t.app.inject({ url: path, headers: bearer(token) });
const orderCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const customerPhone = async () =>
  (
    await t.database.db
      .selectFrom('users')
      .select('phone')
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow()
  ).phone;
const customerId = async () =>
  (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow()
  ).id;
const branchTiming = () =>
  t.database.db
    .selectFrom('branches')
    .select(['prep_minutes', 'rush_minutes'])
    .where('id', '=', branch.id)
    .executeTakeFirstOrThrow();

describe('the details on every answer', () => {
  it('a delivery order carries the notes, the neighbourhood and the phone to the customer, the board and the new-order event', async () => {
    const board = await socketFor(tokens.staff);
    const heard = next<PlacedOrder>(board, 'new-order');
    const phone = await customerPhone();
    const { order } = await placed({ type_delivery: 2, address_id: addressId });
    const details = {
      address_notes: NOTES,
      neighbourhood: ZONE,
      customer_phone: phone,
      address_id: addressId,
      type_delivery: 2,
    };
    expect(order).toMatchObject(details);

    expect(placedOrderSchema.parse(await heard)).toMatchObject({ id: order.id, ...details });
    const page = orderResponse.parse((await get(`/api/orders/${order.id}`)).json()).results;
    expect(page).toMatchObject(details);
    const staffView = orderResponse.parse(
      (await get(`/api/orders/${order.id}`, tokens.staff)).json(),
    ).results;
    expect(staffView).toMatchObject(details);
    const boardList = orderListResponse.parse(
      (await get(`/api/staff/orders?branch_id=${branch.id}&scope=open`, tokens.staff)).json(),
    ).results;
    expect(boardList.find((o) => o.id === order.id)).toMatchObject(details);
    // Día shows a row per order: its type and the phone it was placed with. Asked for the order's
    // own day: placed a moment before the chain's midnight, "today" is already the next day.
    const placedOn = chainToday(new Date(order.created_at));
    const day = dayOrdersResponse.parse(
      (await get(`/api/staff/branches/${branch.id}/orders?date=${placedOn}`, tokens.staff)).json(),
    ).results;
    expect(day.find((o) => o.id === order.id)).toMatchObject({
      type_delivery: 2,
      customer: { phone },
    });
    const history = cartHistoryResponse.parse(
      (await get('/api/cart-history?per_page=50')).json(),
    ).results;
    expect(history.find((o) => o.id === order.id)).toMatchObject(details);
  });

  it('keeps what was ordered when the address and the phone change later', async () => {
    const phone = await customerPhone();
    const { order } = await placed({ type_delivery: 2, address_id: addressId });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/${addressId}`,
      headers: bearer(tokens.customer),
      payload: {
        label: 'Casa',
        address: 'Otra calle 1',
        neighbourhood: ZONE,
        city: 'Bogotá',
        notes: 'Casa 9',
      },
    });
    expect(edited.statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ phone: '3110000000' })
      .where('email', '=', 'cliente@comanda.test')
      .execute();
    // Changed behind the app's back: told to the session cache, as every change of an account
    // must be (decision 048), or the next order would still carry the phone it remembers.
    t.app.accounts.sessionsChanged([await customerId()]);
    try {
      const page = orderResponse.parse((await get(`/api/orders/${order.id}`)).json()).results;
      expect(page).toMatchObject({
        address_notes: NOTES,
        customer_phone: phone,
        customer: { phone },
      });
      expect(page.address).toContain('Cl. 150 #58-10');
      // The next order takes the new ones.
      const { order: next } = await placed({ type_delivery: 2, address_id: addressId });
      expect(next).toMatchObject({ address_notes: 'Casa 9', customer_phone: '3110000000' });
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ phone })
        .where('email', '=', 'cliente@comanda.test')
        .execute();
      t.app.accounts.sessionsChanged([await customerId()]);
      await t.app.inject({
        method: 'PUT',
        url: `/api/addresses/${addressId}`,
        headers: bearer(tokens.customer),
        payload: {
          label: 'Casa',
          address: 'Cl. 150 #58-10',
          neighbourhood: ZONE,
          city: 'Bogotá',
          notes: NOTES,
        },
      });
    }
  });

  it('a pickup order has no address details, and an address without notes has none either', async () => {
    const { order } = await placed({ type_delivery: 1 });
    expect(order).toMatchObject({
      type_delivery: 1,
      address_notes: null,
      neighbourhood: null,
      address_id: null,
      customer_phone: await customerPhone(),
    });
    const bare = await newAddress(tokens.customer, ZONE);
    const { order: delivered } = await placed({ type_delivery: 2, address_id: bare });
    expect(delivered).toMatchObject({ address_notes: null, neighbourhood: ZONE });
  });
});

describe('the stored type decides', () => {
  it('delivery "domicilio" without an explicit type is a delivery order; delivery 2 is a pickup', async () => {
    const { order: delivered } = await placed({ delivery: 'domicilio', address_id: addressId });
    expect(delivered).toMatchObject({ type_delivery: 2, neighbourhood: ZONE });
    const { order: pickedUp } = await placed({ delivery: 2 });
    expect(pickedUp).toMatchObject({ type_delivery: 1, neighbourhood: null });
    // An explicit type wins over the stored value.
    const { order: explicit } = await placed({
      delivery: 2,
      type_delivery: 2,
      address_id: addressId,
    });
    expect(explicit.type_delivery).toBe(2);
  });
});

describe('the server is the judge at placement', () => {
  it('the confirm-cart answer carries the estimate: preparation, rush and the zone minutes', async () => {
    const timing = await branchTiming();
    const delivered = await placed({ type_delivery: 2, address_id: addressId });
    expect(delivered.eta).toEqual(
      deliveryEstimate({ prep_minutes: timing.prep_minutes, rush_minutes: 0, zone_minutes: 20 }),
    );
    const pickup = await placed({ type_delivery: 1 });
    expect(pickup.eta).toEqual(
      deliveryEstimate({ prep_minutes: timing.prep_minutes, rush_minutes: 0, zone_minutes: 0 }),
    );
    // A retry of the same attempt is answered with the stored order, and the estimate again.
    const retried = await placed({
      type_delivery: 2,
      address_id: addressId,
      client_order_id: delivered.client_order_id,
    });
    expect(retried.order.id).toBe(delivered.order.id);
    expect(retried.eta).toEqual(delivered.eta);

    await t.app.inject({
      method: 'PUT',
      url: `/api/staff/branches/${branch.id}/rush`,
      headers: bearer(tokens.admin),
      payload: { extra_minutes: 15 },
    });
    const rushed = await placed({ type_delivery: 2, address_id: addressId });
    expect(rushed.eta).toEqual([delivered.eta![0] + 15, delivered.eta![1] + 15]);
    // Rush off again through the same call: the next tests read the branch's own timing from
    // the database, and a rush left on reached them or not depending on when its cached branch
    // was read again.
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/branches/${branch.id}/rush`,
      headers: bearer(tokens.admin),
      payload: { extra_minutes: 0 },
    });
    expect(off.statusCode).toBe(200);
  });

  it('a zone changed by the admin between browsing and placing: the server’s figures win and the customer reads why', async () => {
    const price = unitPrice(cartItem(product));
    const seen = coverageResponse.parse(
      (
        await t.app.inject(`/api/delivery/coverage?neighbourhood=${encodeURIComponent(ZONE)}`)
      ).json(),
    ).results;
    expect(seen.find((e) => e.branch.id === branch.id)).toMatchObject({ fee: 2000, min_order: 0 });

    // The fee went up and a minimum appeared after the customer read them.
    await setZone({ neighbourhood: ZONE, fee: 5500, min_order: price * 2, delivery_minutes: 40 });
    const before = await orderCount();
    const answer = await placeAnswer({
      type_delivery: 2,
      address_id: addressId,
      delivery_fee: 0,
      total: price,
    });
    expect(answer.status).toBe(false);
    if (answer.status) return;
    expect(answer.errors.address).toEqual([
      DELIVERY_ZONE_MESSAGES.belowMinimum(ZONE, price * 2, price),
    ]);
    expect(await orderCount()).toBe(before);

    // Reaching the new minimum, the new fee and estimate are charged and said, whatever the client sent.
    const ok = await placed(
      { type_delivery: 2, address_id: addressId, delivery_fee: 0, total: 1 },
      2,
    );
    expect(ok.order).toMatchObject({ delivery_fee: 5500, total: price * 2 + 5500 });
    const timing = await branchTiming();
    expect(ok.eta).toEqual(
      deliveryEstimate({
        prep_minutes: timing.prep_minutes,
        rush_minutes: timing.rush_minutes,
        zone_minutes: 40,
      }),
    );

    // The zone gone: refused as not covered, nothing stored.
    await setZone({ neighbourhood: ZONE, fee: 0, min_order: 0, delivery_minutes: 0 }, true);
    const count = await orderCount();
    const errors = await refused(
      await socketFor(tokens.customer),
      orderPayload(branch.id, [cartItem(product, 2)], { type_delivery: 2, address_id: addressId }),
    );
    expect(errors.address).toEqual([CHECKOUT_MESSAGES.addressNotCovered(branch.title, ZONE)]);
    expect(await orderCount()).toBe(count);
  });

  it('an address that is not the customer’s is refused, nothing stored', async () => {
    const staffAddress = await newAddress(tokens.staff, ZONE, 'Oficina');
    const before = await orderCount();
    const errors = await refused(
      await socketFor(tokens.customer),
      orderPayload(branch.id, [cartItem(product)], { type_delivery: 2, address_id: staffAddress }),
    );
    expect(errors.address).toEqual([CHECKOUT_MESSAGES.addressUnknown]);
    expect(await orderCount()).toBe(before);
  });
});

describe('Volver a pedir', () => {
  const reorder = async (orderId: number, query = '', token = tokens.customer) =>
    t.app.inject({ url: `/api/orders/${orderId}/reorder${query}`, headers: bearer(token) });
  const kept = async (orderId: number, query = '') => {
    const res = await reorder(orderId, query);
    expect(res.statusCode).toBe(200);
    return reorderResponse.parse(res.json()).results;
  };

  it('keeps a delivery order’s type and address while the zone still serves it', async () => {
    const { order } = await placed({ type_delivery: 2, address_id: addressId });
    expect(await kept(order.id)).toEqual({
      type_delivery: 2,
      delivery: 'domicilio',
      branch: { id: branch.id, title: branch.title },
      address_id: addressId,
      problem: null,
    });
  });

  it('keeps a pickup order a pickup', async () => {
    const { order } = await placed({ type_delivery: 1 });
    expect(await kept(order.id)).toMatchObject({
      type_delivery: 1,
      delivery: 2,
      address_id: null,
      problem: null,
    });
  });

  it('says why when the address is gone or the branch chosen now does not reach it', async () => {
    const extra = await newAddress(tokens.customer, ZONE, 'Se borra');
    const { order } = await placed({ type_delivery: 2, address_id: extra });
    const granada = await branchBySlug(t.database, 'granada');
    // Granada does not deliver; Chicó does, but not to this neighbourhood.
    expect(await kept(order.id, `?branch_id=${granada.id}`)).toMatchObject({
      type_delivery: 2,
      address_id: null,
      problem: CHECKOUT_MESSAGES.noDelivery(granada.title),
    });
    const chico = await branchBySlug(t.database, 'chico');
    expect(await kept(order.id, `?branch_id=${chico.id}`)).toMatchObject({
      type_delivery: 2,
      delivery: 'domicilio',
      address_id: null,
      problem: CHECKOUT_MESSAGES.addressNotCovered(chico.title, ZONE),
    });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/addresses/${extra}`,
          headers: bearer(tokens.customer),
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect(await kept(order.id)).toMatchObject({
      type_delivery: 2,
      address_id: null,
      problem: DELIVERY_MESSAGES.addressGone,
    });
  });

  it('answers 404 for another customer’s order or an unknown branch, and 400 for a bad branch id', async () => {
    const { order } = await placed({ type_delivery: 1 });
    expect((await reorder(order.id, '', tokens.staff)).statusCode).toBe(404);
    expect((await reorder(order.id, '?branch_id=999999')).json().message).toBe(
      CHECKOUT_MESSAGES.branchUnknown,
    );
    expect((await reorder(order.id, '?branch_id=abc')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/reorder` })).statusCode).toBe(401);
  });
});

import {
  confirmCartAnswer,
  courierListResponse,
  type ConfirmCartAnswer,
  type Courier,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
} from '../../helpers/ordering';
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';

// A branch with two couriers and a customer with a saved address in one of its zones, for the
// dispatch tests (decision 068): the demo's `campina` and its two couriers.

export const ZONE = 'Barrio Reparto';

export interface DispatchWorld {
  url: string;
  branch: { id: number; title: string };
  product: Product;
  addressId: number;
  zoneId: number;
  tokens: { customer: string; staff: string; admin: string; courier: string; courier2: string };
  courierIds: { courier: number; courier2: number };
  sockets: Socket[];
}

export async function dispatchWorld(t: TestApp): Promise<DispatchWorld> {
  const url = await listen(t.app);
  const branch = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
  const tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    staff: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
    courier: await login(t.app, 'reparto@comanda.test'),
    courier2: await login(t.app, 'reparto2@comanda.test'),
  };
  const ids = await t.database.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'courier')
    .execute();
  const idOf = (email: string) => ids.find((row) => row.email === email)!.id;
  const zones = await t.database.db
    .selectFrom('branch_delivery_zones')
    .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
    .where('branch_id', '=', branch.id)
    .execute();
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/branches/${branch.id}/zones`,
    headers: bearer(tokens.admin),
    payload: {
      zones: [...zones, { neighbourhood: ZONE, fee: 3000, min_order: 0, delivery_minutes: 20 }],
    },
  });
  expect(put.statusCode).toBe(200);
  const zone = await t.database.db
    .selectFrom('branch_delivery_zones')
    .select('id')
    .where('branch_id', '=', branch.id)
    .where('neighbourhood', '=', ZONE)
    .executeTakeFirstOrThrow();
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: bearer(tokens.customer),
    payload: {
      label: 'Casa',
      address: 'Cl. 150 #58-10',
      neighbourhood: ZONE,
      city: 'Bogotá',
      notes: 'Torre 2',
    },
  });
  expect(address.statusCode).toBe(201);
  const [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
  return {
    url,
    branch,
    product,
    addressId: address.json().results.id,
    zoneId: zone.id,
    tokens,
    courierIds: { courier: idOf('reparto@comanda.test'), courier2: idOf('reparto2@comanda.test') },
    sockets: [],
  };
}

export async function socketOf(world: DispatchWorld, token: string): Promise<Socket> {
  const socket = openSocket(world.url, token);
  world.sockets.push(socket);
  await connected(socket);
  return socket;
}

/** A delivery order of the customer, moved by staff to `status` (ready by default). */
export async function readyDelivery(
  t: TestApp,
  world: DispatchWorld,
  status = 'ready',
  payment = 1,
  /** More of the payload: a tip for the courier, say. */
  extra: Record<string, unknown> = {},
) {
  const socket = await socketOf(world, world.tokens.customer);
  const payload = orderPayload(world.branch.id, [cartItem(world.product)], {
    type_delivery: 2,
    address_id: world.addressId,
    payment: { id: payment },
    ...extra,
  });
  const answer = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  for (const step of status === 'preparing' ? ['accepted', 'preparing'] : ['accepted', status]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${answer.order.id}/status`,
      headers: bearer(world.tokens.staff),
      payload: { status: step },
    });
    expect(res.statusCode, step).toBe(200);
  }
  return answer.order;
}

export const call = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

export async function couriersOf(t: TestApp, world: DispatchWorld): Promise<Courier[]> {
  const res = await call(
    t,
    'GET',
    `/api/staff/branches/${world.branch.id}/couriers`,
    world.tokens.staff,
  );
  expect(res.statusCode).toBe(200);
  return courierListResponse.parse(res.json()).results;
}

export async function onShift(t: TestApp, token: string, on = true) {
  const res = await call(t, 'POST', '/api/courier/shift', token, { on });
  expect(res.statusCode).toBe(200);
  return res.json().results;
}

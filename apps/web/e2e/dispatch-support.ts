import type {
  Address,
  AuthResponse,
  Branch,
  PlacedOrder,
  Shift,
  StaffMember,
  Trip,
} from '@comanda/shared';
import type { APIRequestContext } from './base-test';
import { bearer, cartLine, expect, loginApi, placeOrder } from './console-support';
import { uniquePhone } from './unique';

// Dispatch's set-up through the API, for the courier's phone (dispatch-courier.spec.ts) and the
// counter (dispatch-counter.spec.ts): a courier at a branch open at every hour, delivery orders
// in Listo, a shift started, a trip assigned. Use with console-support's `test` (its own server).

/** A password the staff rules accept (12 characters or more, hard to guess). */
export const COURIER_PASSWORD = 'Moto-por-la-68-sin-lluvia';

let couriers = 0;

export interface TestCourier {
  id: number;
  email: string;
  auth: AuthResponse;
}

/** A new courier account of the given branches, made by the demo admin; logged in. */
export async function newCourier(
  request: APIRequestContext,
  branchIds: number[],
  name = 'Andrés Gómez',
): Promise<TestCourier> {
  couriers += 1;
  const stamp = `${process.pid}${couriers}${Date.now()}`;
  const email = `reparto.${stamp}@comanda.test`;
  const admin = await loginApi(request, 'admin@comanda.test');
  const response = await request.post('/api/admin/staff', {
    headers: bearer(admin.access_token),
    data: {
      name,
      email,
      phone: uniquePhone(),
      role: 'courier',
      branch_ids: branchIds,
      password: COURIER_PASSWORD,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const member = ((await response.json()) as { results: StaffMember }).results;
  return { id: member.id, email, auth: await loginApi(request, email, COURIER_PASSWORD) };
}

/** Starts (or ends) a courier's shift through the phone's API. */
export async function setShift(
  request: APIRequestContext,
  courier: TestCourier,
  on: boolean,
  branchId?: number,
): Promise<Shift> {
  const response = await request.post('/api/courier/shift', {
    headers: bearer(courier.auth.access_token),
    data: branchId === undefined ? { on } : { on, branch_id: branchId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { results: Shift }).results;
}

/** A delivery order of `customer` to `address`, placed over the socket and moved to Listo by staff. */
export async function readyDeliveryOrder(
  baseURL: string,
  request: APIRequestContext,
  customer: AuthResponse,
  branch: Branch,
  address: Address,
  slug = 'hamburguesa-clasica',
): Promise<PlacedOrder> {
  const order = await placeOrder(baseURL, request, customer, {
    branch,
    lines: [await cartLine(request, branch, slug)],
    delivery: address,
  });
  const staff = await loginApi(request, 'staff@comanda.test');
  // Accepted first (a new order is answered before anything else), then straight on to Listo.
  let answer: PlacedOrder = order;
  for (const status of ['accepted', 'ready']) {
    const response = await request.post(`/api/staff/orders/${order.id}/status`, {
      headers: bearer(staff.access_token),
      data: { status },
    });
    expect(response.ok(), await response.text()).toBe(true);
    answer = ((await response.json()) as { results: PlacedOrder }).results;
  }
  return answer;
}

/** The counter hands the orders, in this delivery order, to the courier as one trip. */
export async function assignTrip(
  request: APIRequestContext,
  courier: TestCourier,
  orderIds: number[],
): Promise<Trip> {
  const staff = await loginApi(request, 'staff@comanda.test');
  const response = await request.post('/api/staff/trips', {
    headers: bearer(staff.access_token),
    data: { courier_id: courier.id, order_ids: orderIds },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { results: Trip }).results;
}

/** An order as the branch's staff read it (its status, its courier, why it came back). */
export async function staffOrder(
  request: APIRequestContext,
  branch: Branch,
  id: number,
): Promise<PlacedOrder | undefined> {
  const staff = await loginApi(request, 'staff@comanda.test');
  const response = await request.get(`/api/staff/orders?branch_id=${branch.id}&scope=open`, {
    headers: bearer(staff.access_token),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: PlacedOrder[] }).results.find(
    (order) => order.id === id,
  );
}

/**
 * Teaches the server where `address`'s door is, the way it learns (decision 068): a courier of
 * the branch delivers one order there with a fresh, precise fix. A fresh demo database knows no
 * door, and without one the arrival estimate cannot follow the courier's position.
 */
export async function teachDoor(
  baseURL: string,
  request: APIRequestContext,
  customer: AuthResponse,
  branch: Branch,
  address: Address,
  door: { lat: number; lng: number },
) {
  const courier = await newCourier(request, [branch.id], 'Luisa Ortiz');
  const headers = bearer(courier.auth.access_token);
  await setShift(request, courier, true, branch.id);
  const order = await readyDeliveryOrder(baseURL, request, customer, branch, address);
  const trip = await assignTrip(request, courier, [order.id]);
  const steps = [
    () => request.post(`/api/courier/trips/${trip.id}/depart`, { headers }),
    () => request.post('/api/courier/position', { headers, data: { ...door, accuracy: 10 } }),
    () => request.post(`/api/courier/orders/${order.id}/delivered`, { headers }),
  ];
  for (const step of steps) {
    const response = await step();
    expect(response.ok(), await response.text()).toBe(true);
  }
  await setShift(request, courier, false);
}

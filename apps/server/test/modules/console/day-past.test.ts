import {
  addDays,
  chainDayRange,
  DAY_CSV_HEADER,
  dayOrdersResponse,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { todayOn } from '../../helpers/clock';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';

// Día for a day gone by (the date picker): the list and the CSV of two days ago, with each
// order's delivery fee and minutes (promised, and actual: a pickup until first ready, a delivery
// until delivered), and the CSV's phone and products. The orders are placed now and their times
// moved back to that day, as if the branch had worked it.

let t: TestApp;
let branch: { id: number; title: string };
let staff: string;
let socket: Socket;
let products: [Product, Product];
let pickup: PlacedOrder;
let delivery: PlacedOrder;
let day: string;

const MINUTE = 60_000;

const move = async (id: number, payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(staff),
    payload,
  });
  expect(res.statusCode, JSON.stringify(payload)).toBe(200);
};

/** Moves an order's times to `day` at noon (Bogotá: 17:00 UTC) plus the given minutes. */
async function backdate(id: number, minutes: { promised: number; steps: Record<string, number> }) {
  const noon = chainDayRange(day).start.getTime() + 12 * 60 * MINUTE;
  const at = (offset: number) => new Date(noon + offset * MINUTE).toISOString();
  await t.database.db
    .updateTable('orders')
    .set({ created_at: at(-2), accepted_at: at(0), promised_at: at(minutes.promised) })
    .where('id', '=', id)
    .execute();
  await t.database.db
    .updateTable('order_status_history')
    .set({ at: at(-2) })
    .where('order_id', '=', id)
    .execute();
  for (const [status, offset] of Object.entries(minutes.steps))
    await t.database.db
      .updateTable('order_status_history')
      .set({ at: at(offset) })
      .where('order_id', '=', id)
      .where('status', '=', status as 'ready')
      .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  const url = await listen(t.app);
  branch = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, branch.id);
  staff = await login(t.app, 'staff@comanda.test');
  socket = openSocket(url, await login(t.app, 'cliente@comanda.test'));
  await connected(socket);
  products = (await availableProducts(t.app, t.database, branch.id, 2)) as [Product, Product];
  day = addDays(todayOn(t.clock), -2);

  pickup = await place(
    socket,
    orderPayload(branch.id, [cartItem(products[0], 2), cartItem(products[1], 1)]),
  );
  await move(pickup.id, { status: 'accepted', prep_minutes: 20 });
  await move(pickup.id, { status: 'ready' });
  await backdate(pickup.id, { promised: 20, steps: { accepted: 0, preparing: 0, ready: 26 } });

  delivery = await place(socket, orderPayload(branch.id, [cartItem(products[0], 1)]));
  // A delivery with its fee, as the delivery tests make one: its type and fee set here.
  await t.database.db
    .updateTable('orders')
    .set({ type_delivery: 2, delivery_fee: 4500 })
    .where('id', '=', delivery.id)
    .execute();
  await move(delivery.id, { status: 'accepted', prep_minutes: 30 });
  await move(delivery.id, { status: 'ready' });
  await move(delivery.id, { status: 'delivered' });
  await backdate(delivery.id, {
    promised: 30,
    steps: { accepted: 0, preparing: 0, ready: 25, delivered: 41 },
  });
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe('Día for a past day', () => {
  it("lists that day's orders with their fee and minutes, and not today's", async () => {
    const res = await t.app.inject({
      url: `/api/staff/branches/${branch.id}/orders?date=${day}`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const rows = dayOrdersResponse.parse(res.json()).results;
    expect(rows.map((row) => row.id)).toEqual([delivery.id, pickup.id]);
    expect(rows[1]).toMatchObject({
      type_delivery: 1,
      delivery_fee: 0,
      promised_minutes: 20,
      actual_minutes: 26,
    });
    // A delivery's promise is kept when it is delivered, not when it was ready.
    expect(rows[0]).toMatchObject({
      type_delivery: 2,
      delivery_fee: 4500,
      promised_minutes: 30,
      actual_minutes: 41,
    });
    const today = await t.app.inject({
      url: `/api/staff/branches/${branch.id}/orders`,
      headers: bearer(staff),
    });
    const todays = dayOrdersResponse.parse(today.json()).results.map((row) => row.id);
    expect(todays).not.toContain(pickup.id);
  });

  it("gives that day's CSV with the phone, the products, the fee and the minutes", async () => {
    const res = await t.app.inject({
      url: `/api/staff/branches/${branch.id}/day.csv?date=${day}`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`dia-sede-${branch.id}-${day}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Pedido,Hora,Estado,Tipo,Pago,Cliente,Celular,Productos,Domicilio,Total,Descuento,Propina,' +
        'Reembolsado,Cuenta como venta,Minutos prometidos,Minutos reales,Motivo,Domiciliario,Canal',
    );
    expect(lines[0]).toBe(DAY_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    // Oldest first: the pickup. No field here needs quotes, so a split reads it.
    const row = lines[1]!.split(',');
    const cell = (name: (typeof DAY_CSV_HEADER)[number]) => row[DAY_CSV_HEADER.indexOf(name)];
    expect(row[0]).toBe(String(pickup.id));
    expect(cell('Hora')).toBe('11:58');
    expect(cell('Estado')).toBe('Listo');
    expect(cell('Canal')).toBe('Web');
    expect(cell('Celular')).toBe(pickup.customer.phone);
    expect(cell('Productos')).toBe(
      [pickup.detail[0]!, pickup.detail[1]!]
        .map(
          (line) =>
            `${line.quantity}× ${line.title}${line.options.length ? ` (${line.options.map((o) => o.title).join(' · ')})` : ''}`,
        )
        .join(' / '),
    );
    expect(cell('Productos')).toMatch(new RegExp(`^2× ${products[0].title}`));
    expect(cell('Domicilio')).toBe('0');
    expect(cell('Total')).toBe(String(pickup.total));
    expect(cell('Minutos prometidos')).toBe('20');
    expect(cell('Minutos reales')).toBe('26');
    const deliveryRow = lines[2]!;
    expect(deliveryRow).toContain(',4500,');
    expect(deliveryRow).toContain(',30,41,');
  });
});

import {
  PRINTER_MESSAGES,
  formatMoney,
  printerResponse,
  reprintResponse,
  staffPrinterListResponse,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
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
import { until } from '../../helpers/until';
import { TestPrinter } from './printer-support';

// Orders on paper (decision 071): real TCP printers on the loopback that read the ESC/POS
// stream back, a printer switched off and on again, and the console's view and Reimprimir.

let t: TestApp;
let url: string;
let campina: { id: number };
let chico: { id: number };
let tokens: { customer: string; staff: string; admin: string };
let product: Product;
const sockets: Socket[] = [];
const printers: TestPrinter[] = [];
const OBSERVATION = 'Sin cebolla, ¿más ají? ¡Gracias! Ñandú pingüino';
/** A line's own note (decision 085), printed under it on every ticket that has the line. */
const LINE_NOTE = 'Término medio, sin ají';

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, campina.id);
  await openAllDay(t.database, chico.id);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    staff: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  [product] = (await availableProducts(t.app, t.database, campina.id, 1)) as [Product];
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const printer of printers.splice(0)) await printer.off();
  await t.database.db.deleteFrom('print_jobs').execute();
  await t.database.db.deleteFrom('printers').execute();
  // Removed behind the app's back: like any direct edit, it needs every node told to drop
  // what it kept (the printers each branch queues its orders on).
  await t.app.catalogEvents.publish({ type: 'catalog' });
});
afterAll(() => t.close());

/** A printer on the loopback, switched on unless asked otherwise. */
async function testPrinter({ on = true } = {}) {
  const printer = new TestPrinter();
  printers.push(printer);
  await printer.on();
  if (!on) await printer.off();
  return printer;
}

async function addPrinter(branchId: number, printer: TestPrinter, body: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/branches/${branchId}/printers`,
    headers: bearer(tokens.admin),
    payload: { name: 'Mostrador', host: '127.0.0.1', port: printer.port, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return printerResponse.parse(res.json()).results;
}

async function placeOrder(branchId = campina.id): Promise<PlacedOrder> {
  const socket = openSocket(url, tokens.customer);
  sockets.push(socket);
  await connected(socket);
  return place(
    socket,
    orderPayload(branchId, [cartItem(product, 2, LINE_NOTE)], {
      form: { observation: OBSERVATION },
    }),
  );
}

async function accept(orderId: number, token = tokens.staff) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    headers: bearer(token),
    payload: { status: 'accepted' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const jobRows = () =>
  t.database.db
    .selectFrom('print_jobs')
    .select(['id', 'order_id', 'status', 'attempts', 'reason'])
    .orderBy('id')
    .execute();

describe('printing an order', () => {
  it('prints on a printer added after the branch took orders, and as edited once edited', async () => {
    await placeOrder(); // the branch's printers read (none yet) and kept
    // Its printouts are queued beside the answer: read before the printer is added, not after.
    await t.app.printers.queued();
    const counter = await testPrinter();
    const added = await addPrinter(campina.id, counter, { when: ['new'] });
    const first = await placeOrder();
    await until(
      'the printer added prints the next order',
      () => counter.jobs.length,
      (n) => n === 1,
    );
    expect(counter.printed()[0]!.bigLines).toEqual([`#${first.id}`]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/branches/${campina.id}/printers/${added.id}`,
      headers: bearer(tokens.admin),
      payload: {
        name: added.name,
        host: added.host,
        port: added.port,
        version: added.version,
        when: ['accept'],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await placeOrder();
    await accept(second.id);
    await until(
      'it prints on accepting now',
      () => counter.jobs.length,
      (n) => n === 2,
    );
    const jobs = await jobRows();
    expect(jobs.map(({ order_id, reason }) => [order_id, reason])).toEqual([
      [first.id, 'new'],
      [second.id, 'accept'],
    ]);
  });

  it('prints an order the branch accepted by itself, as Aceptar would', async () => {
    const counter = await testPrinter();
    await addPrinter(campina.id, counter, { when: ['accept'] });
    const rules = `/api/admin/branches/${campina.id}/auto-accept`;
    const set = (body: object) =>
      t.app.inject({ method: 'PUT', url: rules, headers: bearer(tokens.admin), payload: body });
    const off = {
      asap: false,
      scheduled: false,
      paid_online_only: false,
      max_total: null,
      windows: [],
    };
    expect((await set({ ...off, asap: true })).statusCode).toBe(200);
    try {
      const order = await placeOrder();
      expect(order.status).toBe('accepted');
      await until('its ticket is queued', jobRows, (jobs) => jobs.length === 1);
      await t.app.printers.deliverDue();
      await until(
        'the printer has it',
        () => counter.jobs.length,
        (n) => n === 1,
      );
      expect(counter.printed()[0]!.bigLines).toEqual([`#${order.id}`]);
    } finally {
      await set(off);
    }
  });

  it('prints the ticket on accepting, in each printer’s code page and paper: accents read back, number big, cut', async () => {
    const counter = await testPrinter();
    const narrow = await testPrinter();
    await addPrinter(campina.id, counter, { when: ['accept'] });
    await addPrinter(campina.id, narrow, { when: ['accept'], width_mm: 58, code_page: 'cp850' });

    const order = await placeOrder();
    await t.app.printers.deliverDue();
    expect(await jobRows()).toEqual([]);
    await accept(order.id);

    await until(
      'both printers print',
      () => counter.jobs.length + narrow.jobs.length,
      (n) => n === 2,
    );
    const [wide] = counter.printed();
    const [small] = narrow.printed();
    for (const [ticket, codePage, columns] of [
      [wide!, 19, 48],
      [small!, 2, 32],
    ] as const) {
      expect(ticket.reset).toBe(true);
      expect(ticket.codePage).toBe(codePage);
      expect(ticket.cut).toBe(true);
      expect(ticket.bigLines).toEqual([`#${order.id}`]);
      const text = ticket.lines.join(' ');
      expect(text).toContain(order.type_delivery === 2 ? 'DOMICILIO' : 'RECOGER');
      expect(text).toContain('Camila Restrepo');
      expect(text).toContain(`2 x ${product.title}`);
      expect(ticket.lines).toContain(`  NOTA: ${LINE_NOTE}`);
      expect(text).toContain(OBSERVATION);
      expect(ticket.lines.find((line) => line.startsWith('TOTAL'))).toMatch(
        new RegExp(`${formatMoney(order.total).replace('$', '\\$')}$`),
      );
      for (const line of ticket.lines) expect(line.length).toBeLessThanOrEqual(columns);
    }
    // Marked sent once the printer has closed its side, a moment after it has the bytes.
    const settled = await until('both jobs marked sent', jobRows, (jobs) =>
      jobs.every((job) => job.status === 'sent'),
    );
    expect(settled.map((job) => [job.order_id, job.status, job.reason])).toEqual([
      [order.id, 'sent', 'accept'],
      [order.id, 'sent', 'accept'],
    ]);
  });

  it('places orders while the printer is off; once it is back it prints each of them once, in order', async () => {
    const printer = await testPrinter({ on: false });
    await addPrinter(campina.id, printer, { name: 'Parrilla', when: ['new'] });

    const orders = [await placeOrder(), await placeOrder(), await placeOrder()];
    expect(orders.map((order) => order.status)).toEqual(['received', 'received', 'received']);

    const watched = async () =>
      staffPrinterListResponse.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/staff/branches/${campina.id}/printers`,
            headers: bearer(tokens.staff),
          })
        ).json(),
      ).results[0]!;
    const down = await until(
      'the console sees it off, three jobs waiting',
      watched,
      (p) => p.state === 'sin conexión' && p.pending === 3,
    );
    expect(down).toMatchObject({ name: 'Parrilla', pending: 3, last_success_at: null });
    expect(down.last_error).toMatch(/ECONNREFUSED/);
    // Retried while off: still nothing printed, the queue held behind its first job.
    t.clock.advance(30_000);
    await t.app.printers.deliverDue();
    const held = await jobRows();
    expect(held.map((job) => job.status)).toEqual(['pending', 'pending', 'pending']);
    expect(held[0]!.attempts).toBeGreaterThanOrEqual(2);
    expect(held.slice(1).map((job) => job.attempts)).toEqual([0, 0]);

    await printer.on();
    t.clock.advance(60_000);
    await t.app.printers.deliverDue();
    await until(
      'all three print',
      () => printer.jobs.length,
      (n) => n >= 3,
    );
    // More runs, and time, print nothing again.
    t.clock.advance(120_000);
    await t.app.printers.deliverDue();
    await t.app.printers.deliverDue();
    expect(printer.printed().map((ticket) => ticket.bigLines[0])).toEqual(
      orders.map((order) => `#${order.id}`),
    );
    expect((await jobRows()).map((job) => job.status)).toEqual(['sent', 'sent', 'sent']);
    const up = await watched();
    expect(up).toMatchObject({ state: 'ok', pending: 0, last_error: null });
    expect(up.last_success_at).not.toBeNull();
  });

  it('prints one ticket per station with only that station’s items, big and without prices', async () => {
    const [fried, grilled] = (await availableProducts(t.app, t.database, campina.id, 2)) as [
      Product,
      Product,
    ];
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/branches/${campina.id}/stations`,
      headers: bearer(tokens.admin),
    });
    const stations = listed.json().results as { id: number; name: string }[];
    const idOf = (name: string) => stations.find((s) => s.name === name)!.id;
    // The branch's own choice sends one product to Freidora; the other falls to Parrilla, the first.
    await t.database.db
      .insertInto('branch_product_stations')
      .values({ branch_id: campina.id, product_id: fried.id, station_id: idOf('Freidora') })
      .execute();
    const grill = await testPrinter();
    const fryer = await testPrinter();
    const cold = await testPrinter();
    await addPrinter(campina.id, grill, { prints: [`station:${idOf('Parrilla')}`] });
    await addPrinter(campina.id, fryer, { prints: [`station:${idOf('Freidora')}`] });
    await addPrinter(campina.id, cold, { prints: [`station:${idOf('Fríos')}`] });

    const socket = openSocket(url, tokens.customer);
    sockets.push(socket);
    await connected(socket);
    const order = await place(
      socket,
      orderPayload(campina.id, [cartItem(fried, 1), cartItem(grilled, 3, LINE_NOTE)], {
        form: { observation: OBSERVATION },
      }),
    );
    await accept(order.id);
    await until(
      'both stations print',
      () => grill.jobs.length + fryer.jobs.length,
      (n) => n === 2,
    );
    await t.app.printers.deliverDue();

    const [grillTicket] = grill.printed();
    const [fryerTicket] = fryer.printed();
    expect(grillTicket!.lines[0]).toBe('PARRILLA');
    expect(fryerTicket!.lines[0]).toBe('FREIDORA');
    // The note goes with its line: on the grill's ticket, not the fryer's.
    expect(grillTicket!.lines).toContain(`  NOTA: ${LINE_NOTE}`);
    expect(fryerTicket!.lines.join(' ')).not.toContain('NOTA:');
    // The number and the items are printed big (a wrapped title is two big lines).
    const big = (ticket: typeof grillTicket) => [
      ticket!.bigLines[0],
      ticket!.bigLines.slice(1).join(' '),
    ];
    expect(big(grillTicket)).toEqual([`#${order.id}`, `3 x ${grilled.title}`]);
    expect(big(fryerTicket)).toEqual([`#${order.id}`, `1 x ${fried.title}`]);
    for (const ticket of [grillTicket!, fryerTicket!]) {
      const text = ticket.lines.join(' ');
      expect(text).not.toContain('$');
      expect(text).not.toContain('TOTAL');
      expect(text).toContain(OBSERVATION);
      expect(ticket.cut).toBe(true);
    }
    // Nothing of this order is made in Fríos: its printer gets no empty ticket.
    expect(cold.jobs).toEqual([]);
    expect((await jobRows()).map((job) => job.order_id)).toEqual([order.id, order.id]);
    await t.database.db.deleteFrom('branch_product_stations').execute();
  });

  it('takes only stations of the printer’s own branch', async () => {
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/admin/branches/${chico.id}/stations`,
      headers: bearer(tokens.admin),
    });
    const elsewhere = (theirs.json().results as { id: number }[])[0]!.id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/branches/${campina.id}/printers`,
      headers: bearer(tokens.admin),
      payload: { name: 'Parrilla', host: '10.0.0.7', prints: [`station:${elsewhere}`] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.prints).toEqual([PRINTER_MESSAGES.stationUnknown]);
  });
});

describe('the console', () => {
  const reprint = (orderId: number, token = tokens.staff, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/print${query}`,
      headers: bearer(token),
    });

  it('Reimprimir queues the ticket on the printers that take it, or on the one named', async () => {
    const counter = await testPrinter();
    const other = await testPrinter();
    const first = await addPrinter(campina.id, counter, { when: ['manual'] });
    const second = await addPrinter(campina.id, other, { when: ['new'] });
    const elsewhere = await addPrinter(chico.id, other, { when: ['manual'] });
    const order = await placeOrder();
    await until(
      'the new-order printer prints',
      () => other.jobs.length,
      (n) => n === 1,
    );

    const res = await reprint(order.id);
    expect(res.statusCode).toBe(200);
    expect(reprintResponse.parse(res.json()).results.queued).toBe(1);
    await until(
      'the counter reprints',
      () => counter.jobs.length,
      (n) => n === 1,
    );
    expect(counter.printed()[0]!.bigLines).toEqual([`#${order.id}`]);

    const named = await reprint(order.id, tokens.staff, `?printer=${second.id}`);
    expect(reprintResponse.parse(named.json()).results.queued).toBe(1);
    await until(
      'the named one reprints',
      () => other.jobs.length,
      (n) => n === 2,
    );
    expect((await reprint(order.id, tokens.staff, `?printer=${elsewhere.id}`)).statusCode).toBe(
      404,
    );
    expect((await jobRows()).filter((job) => job.reason === 'manual')).toHaveLength(2);
    expect(first.id).not.toBe(second.id);
  });

  it('answers 409 when no printer reprints, 404 for an unknown order, 403 to another branch’s staff', async () => {
    const order = await placeOrder();
    const none = await reprint(order.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/impresoras/);
    expect((await reprint(999_999)).statusCode).toBe(404);

    const theirs = await placeOrder(chico.id);
    expect((await reprint(theirs.id)).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/staff/branches/${chico.id}/printers`,
      headers: bearer(tokens.staff),
    });
    expect(list.statusCode).toBe(403);
  });
});

import {
  ADMIN_CONTENT_MESSAGES as M,
  ADMIN_MESSAGES,
  addDays,
  adminCourtesyReservationListResponse,
  adminDiscountSignupListResponse,
  chainDayRange,
  chainToday,
  discountSignupListResponse,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';

// Registros: the marketing forms' rows for the admin, filtered, searchable and as CSV for Excel.

let t: TestApp;
let tokens: { customer: string; campina: string; admin: string; staff: string };
let campina: { id: number; title: string };
let chico: { id: number; title: string };
const today = chainToday();
const yesterday = addDays(today, -1);

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    staff: await login(t.app, 'staff@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  const { db } = t.database;
  const source = await db
    .selectFrom('parameters')
    .select(['id', 'description'])
    .where('segment', '=', 'survey')
    .orderBy('position')
    .executeTakeFirstOrThrow();
  const noon = (day: string) =>
    new Date(chainDayRange(day).start.getTime() + 12 * 3600_000).toISOString();
  await db.deleteFrom('discount_signups').execute();
  await db.deleteFrom('courtesy_reservations').execute();
  await db
    .insertInto('discount_signups')
    .values([
      {
        branch_id: campina.id,
        name: 'Ana Pérez',
        phone: '3001112233',
        email: 'ana@ejemplo.co',
        address: 'Calle 1 # 2-3',
        source_id: source.id,
        created_at: noon(yesterday),
      },
      {
        branch_id: campina.id,
        name: '=HYPERLINK("http://x","clic")',
        phone: '3002223344',
        email: 'x@ejemplo.co',
        address: '+57, "casa";=HYPERLINK("http://x")',
        source_id: source.id,
        created_at: noon(today),
      },
      {
        branch_id: chico.id,
        name: 'Beto Ruiz',
        phone: '3003334455',
        email: 'beto@ejemplo.co',
        address: '@calle',
        source_id: source.id,
        created_at: noon(today),
      },
    ])
    .execute();
  await db
    .insertInto('courtesy_reservations')
    .values([
      {
        branch_id: campina.id,
        name: 'Carla Díaz',
        phone: '3005556677',
        date_reservation: today,
        created_at: noon(yesterday),
      },
      {
        branch_id: chico.id,
        name: '-1+2',
        phone: '3006667788',
        date_reservation: addDays(today, 3),
        created_at: noon(today),
      },
    ])
    .execute();
});
afterAll(() => t.close());

const get = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const signups = async (query = '') =>
  adminDiscountSignupListResponse.parse(
    (await get(`/api/admin/records/discount-signups${query}`)).json(),
  );
const reservations = async (query = '') =>
  adminCourtesyReservationListResponse.parse(
    (await get(`/api/admin/records/courtesy-reservations${query}`)).json(),
  );

describe('GET /api/admin/records/*', () => {
  it('lists every branch newest first, with the branch and the survey answer', async () => {
    const { results, more } = await signups();
    expect(more).toBe(false);
    expect(results.map((r) => r.name)).toEqual([
      'Beto Ruiz',
      '=HYPERLINK("http://x","clic")',
      'Ana Pérez',
    ]);
    expect(results[0]).toMatchObject({
      branch_id: chico.id,
      branch_title: chico.title,
      email: 'beto@ejemplo.co',
    });
    expect(typeof results[0]!.source).toBe('string');
    expect((await reservations()).results.map((r) => r.name)).toEqual(['-1+2', 'Carla Díaz']);
  });

  it('filters by branch, by chain days and by words', async () => {
    expect((await signups(`?branch_id=${campina.id}`)).results.map((r) => r.phone)).toEqual([
      '3002223344',
      '3001112233',
    ]);
    expect((await signups(`?from=${today}&to=${today}`)).results.map((r) => r.name)).toEqual([
      'Beto Ruiz',
      '=HYPERLINK("http://x","clic")',
    ]);
    expect((await signups(`?to=${yesterday}`)).results.map((r) => r.name)).toEqual(['Ana Pérez']);
    expect((await signups('?q=ANA%40')).results.map((r) => r.name)).toEqual(['Ana Pérez']);
    expect((await signups('?q=3334')).results.map((r) => r.name)).toEqual(['Beto Ruiz']);
    expect((await signups('?q=%25')).results).toEqual([]);
    // Reservations filter by the day of the visit.
    expect((await reservations(`?from=${addDays(today, 1)}`)).results.map((r) => r.name)).toEqual([
      '-1+2',
    ]);
    expect(
      (await reservations(`?branch_id=${campina.id}&q=carla`)).results.map((r) => r.name),
    ).toEqual(['Carla Díaz']);
  });

  it('refuses a bad filter in Spanish', async () => {
    const bad = await get('/api/admin/records/discount-signups?from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ from: [M.date] });
    const order = await get(
      `/api/admin/records/courtesy-reservations?from=${today}&to=${yesterday}`,
    );
    expect(order.json().errors).toEqual({ to: [M.dateOrder] });
  });

  it('keeps the staff listing of a branch as it was', async () => {
    const res = await get(`/api/staff/branches/${campina.id}/discount-signups`, tokens.staff);
    const { results } = discountSignupListResponse.parse(res.json());
    expect(results.map((r) => r.phone)).toEqual(['3002223344', '3001112233']);
    expect(results[0]).not.toHaveProperty('branch_title');
  });
});

describe('CSV export', () => {
  it('answers an Excel-ready attachment: BOM, header, CRLF, quoted cells and formulas defused', async () => {
    const res = await get(`/api/admin/records/discount-signups.csv?branch_id=${campina.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="inscripciones-descuento-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Sede,Nombre,Teléfono,Correo,Dirección,¿Cómo nos conoció?,Inscrito el');
    // Inside a cell too: Excel in Spanish (Colombia) starts a field after the `;`.
    expect(lines[1]).toMatch(
      /^Campiña,"'=HYPERLINK\(""http:\/\/x"",""clic""\)",3002223344,x@ejemplo\.co,"'\+57, ""casa"";'=HYPERLINK\(""http:\/\/x""\)",[^,]+,\d{4}-\d{2}-\d{2} 12:00$/,
    );
    expect(lines[2]).toMatch(/^Campiña,Ana Pérez,3001112233,ana@ejemplo\.co,Calle 1 # 2-3,/);
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('exports reservations with the same filters and guards', async () => {
    const res = await get(
      `/api/admin/records/courtesy-reservations.csv?q=${encodeURIComponent('-1')}`,
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cortesias-/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Sede,Nombre,Teléfono,Día de la cortesía,Reservada el');
    expect(lines[1]).toBe(`${chico.title},"'-1+2",3006667788,${addDays(today, 3)},${today} 12:00`);
    expect(lines).toHaveLength(3);
  });
});

describe('only admins', () => {
  it('answers 403 to staff and customers, 401 without a token', async () => {
    for (const url of [
      '/api/admin/records/discount-signups',
      '/api/admin/records/discount-signups.csv',
      '/api/admin/records/courtesy-reservations',
      '/api/admin/records/courtesy-reservations.csv',
    ]) {
      for (const token of [tokens.campina, tokens.staff, tokens.customer]) {
        const res = await get(url, token);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(ADMIN_MESSAGES.forbidden);
      }
      expect((await t.app.inject(url)).statusCode).toBe(401);
    }
  });
});

import {
  ADMIN_BRANCH_MESSAGES,
  ZONE_MINUTES_DEFAULT,
  ADMIN_MESSAGES,
  adminBranchListResponse,
  adminBranchResponse,
  auditListResponse,
  branchListResponse,
  type AdminBranch,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';

// "Sedes" in the back office: branches created, edited, hidden and reordered, their week of
// hours, dated exceptions and delivery zones; each write validated in Spanish, logged, and seen
// by the storefront's next answer. Staff and customers change nothing.

let t: TestApp;
let tokens: { customer: string; campina: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token = tokens.admin,
) =>
  payload === undefined
    ? t.app.inject({ method, url: `/api/admin/branches${url}`, headers: bearer(token) })
    : t.app.inject({ method, url: `/api/admin/branches${url}`, headers: bearer(token), payload });
const storefront = async () =>
  branchListResponse.parse((await t.app.inject('/api/branch-office')).json()).results;
const lastAudit = async () =>
  auditListResponse.parse(
    (
      await t.app.inject({ url: '/api/admin/audit?entity=branch', headers: bearer(tokens.admin) })
    ).json(),
  ).results[0]!;

const newBranch = {
  title: 'Sede Usaquén',
  address: 'Cra. 6 #119-20',
  phone: '6015550101',
  city: 'Bogotá',
  pickup_available: true,
  delivery_available: true,
  prep_minutes: 25,
};

async function create(body = newBranch): Promise<AdminBranch> {
  const res = await call('POST', '', body);
  expect(res.statusCode).toBe(201);
  return adminBranchResponse.parse(res.json()).results;
}

describe('branches', () => {
  it('creates a branch at the end of the list, with a slug from its title, logged and shown on the storefront', async () => {
    const branch = await create();
    expect(branch).toMatchObject({
      ...newBranch,
      slug: 'sede-usaquen',
      hidden: false,
      hours: [],
      exceptions: [],
      zones: [],
    });
    const all = adminBranchListResponse.parse((await call('GET', '')).json()).results;
    expect(all.at(-1)?.id).toBe(branch.id);
    expect((await storefront()).find((b) => b.id === branch.id)).toMatchObject({
      title: 'Sede Usaquén',
      pickup: { available: true },
      prep_minutes: 25,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'create',
      entity: 'branch',
      entity_id: String(branch.id),
      branch_id: branch.id,
      summary: 'Nueva sede: Sede Usaquén',
    });
    // The same title again gets a slug of its own.
    expect((await create()).slug).toBe('sede-usaquen-2');
  });

  it('edits its data and says what changed', async () => {
    const branch = await create({ ...newBranch, title: 'Sede Cedritos' });
    const res = await call('PUT', `/${branch.id}`, {
      ...newBranch,
      title: 'Sede Cedritos',
      phone: '3001234567',
      pickup_available: false,
      prep_minutes: 35,
    });
    expect(res.statusCode).toBe(200);
    expect(adminBranchResponse.parse(res.json()).results).toMatchObject({
      phone: '3001234567',
      pickup_available: false,
      prep_minutes: 35,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'update',
      summary: 'Sede Cedritos: teléfono, recogida, preparación',
      before: { phone: '6015550101', pickup_available: 1, prep_minutes: 25 },
      after: { phone: '3001234567', pickup_available: 0, prep_minutes: 35 },
    });
    expect((await storefront()).find((b) => b.id === branch.id)).toMatchObject({
      phone: '3001234567',
      pickup: { available: false },
      prep_minutes: 35,
    });
  });

  it('hides a branch from the storefront and its search, keeps it in the admin list, and shows it again', async () => {
    const branch = await create({ ...newBranch, title: 'Sede Oculta' });
    const hidden = await call('PUT', `/${branch.id}/visibility`, { hidden: true });
    expect(adminBranchResponse.parse(hidden.json()).results.hidden).toBe(true);
    expect((await storefront()).some((b) => b.id === branch.id)).toBe(false);
    const found = adminBranchListResponse.parse((await call('GET', '?q=oculta')).json()).results;
    expect(found.map((b) => b.id)).toEqual([branch.id]);
    expect(await lastAudit()).toMatchObject({
      action: 'hide',
      summary: 'Sede Oculta: oculta en la tienda',
    });

    await call('PUT', `/${branch.id}/visibility`, { hidden: false });
    expect((await storefront()).some((b) => b.id === branch.id)).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'show',
      summary: 'Sede Oculta: visible en la tienda',
    });
  });

  it('searches by title, address or city, accents and case aside', async () => {
    const byCity = adminBranchListResponse.parse(
      (await call('GET', `?q=${encodeURIComponent('BOGOTA')}`)).json(),
    ).results;
    expect(byCity.length).toBeGreaterThan(1);
    const byAddress = adminBranchListResponse.parse(
      (await call('GET', `?q=${encodeURIComponent('119-20')}`)).json(),
    ).results;
    expect(byAddress.every((b) => b.address.includes('119-20'))).toBe(true);
    expect(
      adminBranchListResponse.parse((await call('GET', '?q=nadaqueencontrar')).json()).results,
    ).toEqual([]);
  });

  it('reorders with the full list, and the storefront follows', async () => {
    const ids = adminBranchListResponse
      .parse((await call('GET', '')).json())
      .results.map((b) => b.id);
    const reversed = [...ids].reverse();
    const res = await call('PUT', '/order', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(adminBranchListResponse.parse(res.json()).results.map((b) => b.id)).toEqual(reversed);
    const visible = (await storefront()).map((b) => b.id);
    expect(visible).toEqual(reversed.filter((id) => visible.includes(id)));
    expect(await lastAudit()).toMatchObject({ action: 'reorder', entity: 'branch' });

    const partial = await call('PUT', '/order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.ids).toEqual([ADMIN_MESSAGES.order]);
  });

  it('refuses bad data in Spanish and changes nothing', async () => {
    const before = adminBranchListResponse.parse((await call('GET', '')).json()).results;
    const res = await call('POST', '', {
      ...newBranch,
      title: '  ',
      phone: '12',
      city: 'x'.repeat(81),
      prep_minutes: 0,
      pickup_available: false,
      delivery_available: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: [ADMIN_BRANCH_MESSAGES.titleRequired],
      phone: [ADMIN_BRANCH_MESSAGES.phoneInvalid],
      city: [ADMIN_BRANCH_MESSAGES.cityLong],
      prep_minutes: [ADMIN_BRANCH_MESSAGES.prepMinutes],
      pickup_available: [ADMIN_BRANCH_MESSAGES.serviceRequired],
    });
    const target = before[0]!;
    expect(
      (await call('PUT', `/${target.id}`, { ...newBranch, title: 'Nombre\u0000raro' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/999999', newBranch)).statusCode).toBe(404);
    expect(adminBranchListResponse.parse((await call('GET', '')).json()).results).toEqual(before);
  });

  it('answers 403 to staff and customers, 401 without a token, and changes nothing', async () => {
    const before = adminBranchListResponse.parse((await call('GET', '')).json()).results;
    const auditBefore = await lastAudit();
    const target = before[0]!;
    const writes: ['POST' | 'PUT', string, object][] = [
      ['POST', '', newBranch],
      ['PUT', `/${target.id}`, { ...newBranch, title: 'Tomada' }],
      ['PUT', `/${target.id}/visibility`, { hidden: true }],
      ['PUT', '/order', { ids: before.map((b) => b.id).reverse() }],
      ['PUT', `/${target.id}/hours`, { hours: [] }],
      [
        'PUT',
        `/${target.id}/exceptions`,
        { exceptions: [{ date: '2030-01-01', closed: true, ranges: [] }] },
      ],
      ['PUT', `/${target.id}/zones`, { zones: [] }],
    ];
    for (const token of [tokens.campina, tokens.customer]) {
      expect((await call('GET', '', undefined, token)).statusCode).toBe(403);
      for (const [method, url, body] of writes) {
        const res = await call(method, url, body, token);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ADMIN_MESSAGES.forbidden);
      }
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/branches', payload: newBranch }))
        .statusCode,
    ).toBe(401);
    expect(adminBranchListResponse.parse((await call('GET', '')).json()).results).toEqual(before);
    expect((await lastAudit()).id).toBe(auditBefore.id);
  });
});

describe('weekly hours', () => {
  it('replaces the week with several ranges a day and ranges past midnight', async () => {
    const branch = await create({ ...newBranch, title: 'Sede Nocturna' });
    const hours = [
      { weekday: 1, opens: '11:30', closes: '15:00' },
      { weekday: 1, opens: '18:00', closes: '22:00' },
      { weekday: 5, opens: '18:00', closes: '02:00' },
      { weekday: 6, opens: '18:00', closes: '03:00' },
    ];
    const res = await call('PUT', `/${branch.id}/hours`, { hours });
    expect(res.statusCode).toBe(200);
    expect(adminBranchResponse.parse(res.json()).results.hours).toEqual(hours);
    expect((await storefront()).find((b) => b.id === branch.id)?.opening_hours).toEqual(hours);
    expect((await lastAudit()).summary).toContain('Viernes 18:00–02:00');
  });

  it('refuses overlapping, empty and malformed ranges in Spanish', async () => {
    const branch = await create({ ...newBranch, title: 'Sede Horario Malo' });
    const overlap = await call('PUT', `/${branch.id}/hours`, {
      hours: [
        { weekday: 5, opens: '18:00', closes: '02:00' },
        { weekday: 6, opens: '01:00', closes: '10:00' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors.hours).toEqual([ADMIN_BRANCH_MESSAGES.overlap('Viernes')]);
    const empty = await call('PUT', `/${branch.id}/hours`, {
      hours: [{ weekday: 2, opens: '10:00', closes: '10:00' }],
    });
    expect(empty.json().errors.hours).toEqual([ADMIN_BRANCH_MESSAGES.emptyRange('Martes')]);
    const bad = await call('PUT', `/${branch.id}/hours`, {
      hours: [{ weekday: 7, opens: '25:00', closes: '10:00' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.hours).toEqual(
      expect.arrayContaining([ADMIN_BRANCH_MESSAGES.weekday, ADMIN_BRANCH_MESSAGES.time]),
    );
    expect(
      adminBranchResponse.parse((await call('GET', `/${branch.id}`)).json()).results.hours,
    ).toEqual([]);
  });
});

describe('exceptions and zones', () => {
  it('stores exceptions and zones, answers them to the storefront, and logs both', async () => {
    const branch = await create({ ...newBranch, title: 'Sede Zonas' });
    const exceptions = [
      { date: '2099-12-24', closed: false, ranges: [{ opens: '10:00', closes: '16:00' }] },
      { date: '2099-12-25', closed: true, ranges: [] },
    ];
    const ex = await call('PUT', `/${branch.id}/exceptions`, { exceptions });
    expect(ex.statusCode).toBe(200);
    expect(adminBranchResponse.parse(ex.json()).results.exceptions).toEqual(exceptions);
    expect((await lastAudit()).summary).toBe(
      'Sede Zonas: excepciones de horario (2099-12-24 10:00–16:00; 2099-12-25 cerrada)',
    );

    // Minutes given for one zone; the other, sent without them (an older editor), gets the default.
    const zones = [
      { neighbourhood: 'Santa Bárbara', fee: 5000, min_order: 30000, delivery_minutes: 25 },
      { neighbourhood: 'Usaquén', fee: 0, min_order: 0 },
    ];
    const stored = [zones[0], { ...zones[1], delivery_minutes: ZONE_MINUTES_DEFAULT }];
    const zs = await call('PUT', `/${branch.id}/zones`, { zones });
    expect(zs.statusCode).toBe(200);
    expect(adminBranchResponse.parse(zs.json()).results.zones).toEqual(stored);
    const seen = (await storefront()).find((b) => b.id === branch.id)!;
    expect(seen.delivery.zones.map(({ eta: _eta, ...zone }) => zone)).toEqual(stored);
    expect(seen.delivery.neighbourhoods).toEqual(['Santa Bárbara', 'Usaquén']);
    expect(seen.opening_exceptions).toEqual(exceptions);
    expect(await lastAudit()).toMatchObject({
      action: 'update',
      summary:
        'Sede Zonas: zonas de domicilio (Santa Bárbara $5.000 / mín. $30.000 / 25 min; Usaquén $0 / mín. $0 / 20 min)',
      after: stored,
    });

    // Sent again without minutes (spelled differently): each zone keeps the minutes it had.
    const again = await call('PUT', `/${branch.id}/zones`, {
      zones: [
        { neighbourhood: 'santa barbara', fee: 6000, min_order: 30000 },
        { neighbourhood: 'Usaquén', fee: 0, min_order: 0, delivery_minutes: 35 },
      ],
    });
    expect(again.statusCode).toBe(200);
    expect(
      Object.fromEntries(
        adminBranchResponse
          .parse(again.json())
          .results.zones.map((z) => [z.neighbourhood, z.delivery_minutes]),
      ),
    ).toEqual({
      'santa barbara': 25,
      Usaquén: 35,
    });
  });

  it('refuses bad exceptions and zones in Spanish, changing nothing', async () => {
    const branch = await create({ ...newBranch, title: 'Sede Validación' });
    const ex = await call('PUT', `/${branch.id}/exceptions`, {
      exceptions: [
        { date: '2099-02-30', closed: true, ranges: [] },
        { date: '2099-03-01', closed: false, ranges: [] },
        { date: '2099-03-01', closed: true, ranges: [{ opens: '10:00', closes: '12:00' }] },
      ],
    });
    expect(ex.statusCode).toBe(400);
    expect(ex.json().errors.exceptions).toEqual(
      expect.arrayContaining([
        ADMIN_BRANCH_MESSAGES.date,
        ADMIN_BRANCH_MESSAGES.specialNeedsRanges('2099-03-01'),
        ADMIN_BRANCH_MESSAGES.dateRepeated('2099-03-01'),
        ADMIN_BRANCH_MESSAGES.closedHasRanges('2099-03-01'),
      ]),
    );
    const zs = await call('PUT', `/${branch.id}/zones`, {
      zones: [
        { neighbourhood: 'Chicó', fee: -1, min_order: 1.5 },
        { neighbourhood: ' chico ', fee: 0, min_order: 0 },
        { neighbourhood: '', fee: 0, min_order: 0 },
      ],
    });
    expect(zs.statusCode).toBe(400);
    expect(zs.json().errors.zones).toEqual(
      expect.arrayContaining([ADMIN_MESSAGES.money, ADMIN_BRANCH_MESSAGES.zoneRequired]),
    );
    const dup = await call('PUT', `/${branch.id}/zones`, {
      zones: [
        { neighbourhood: 'Chicó', fee: 0, min_order: 0 },
        { neighbourhood: ' chico ', fee: 0, min_order: 0 },
      ],
    });
    expect(dup.json().errors.zones).toEqual([ADMIN_BRANCH_MESSAGES.zoneRepeated('chico')]);
    for (const minutes of [-1, 181, 12.5, '20']) {
      const bad = await call('PUT', `/${branch.id}/zones`, {
        zones: [{ neighbourhood: 'Chicó', fee: 0, min_order: 0, delivery_minutes: minutes }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.zones).toEqual([ADMIN_BRANCH_MESSAGES.zoneMinutes]);
    }
    const after = adminBranchResponse.parse((await call('GET', `/${branch.id}`)).json()).results;
    expect(after.exceptions).toEqual([]);
    expect(after.zones).toEqual([]);
  });
});

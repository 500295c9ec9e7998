import {
  DELIVERY_MESSAGES,
  TEXT_MESSAGES,
  branchListResponse,
  coverageResponse,
  deliveryEstimate,
  foldText,
  neighbourhoodListResponse,
  type Branch,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/open';
import type { CatalogChange } from '../../../src/plugins/catalog-events';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createEmptyDatabase } from '../../helpers/database';
import { bearer, branchBySlug, login, openAllDay } from '../../helpers/ordering';
import { testClock } from '../../helpers/clock';

// Delivery before the cart: the neighbourhoods the chain serves and, for one of them, the
// branches that reach it with fee, minimum and estimate; both cached like the catalogue and
// dropped by every zone, hours, pause and rush change.

let t: TestApp;
let adminToken: string;
const ids: Record<string, number> = {};
const prep: Record<string, number> = {};

type Zone = { neighbourhood: string; fee: number; min_order: number; delivery_minutes?: number };

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, 'admin@comanda.test');
  for (const slug of ['campina', 'chico', 'terminal-24h', 'el-poblado', 'granada']) {
    const branch = await branchBySlug(t.database, slug);
    ids[slug] = branch.id;
    await openAllDay(t.database, branch.id);
    const row = await t.database.db
      .selectFrom('branches')
      .select('prep_minutes')
      .where('id', '=', branch.id)
      .executeTakeFirstOrThrow();
    prep[slug] = row.prep_minutes;
  }
  // The same neighbourhood, spelled four ways, at four branches; Granada does not deliver.
  await addZones('campina', [
    { neighbourhood: 'Mazurén', fee: 3000, min_order: 20000, delivery_minutes: 15 },
  ]);
  await addZones('chico', [
    { neighbourhood: 'MAZURÉN', fee: 3000, min_order: 0, delivery_minutes: 5 },
  ]);
  await addZones('terminal-24h', [
    { neighbourhood: 'mazuren', fee: 1000, min_order: 0, delivery_minutes: 30 },
    { neighbourhood: 'Ñuñoa', fee: 0, min_order: 0 },
    { neighbourhood: 'Olaya', fee: 0, min_order: 0 },
    { neighbourhood: 'Nueva Granada', fee: 0, min_order: 0 },
    { neighbourhood: 'Álamos', fee: 0, min_order: 0 },
  ]);
  await addZones('el-poblado', [
    { neighbourhood: ' Mazuren ', fee: 0, min_order: 0, delivery_minutes: 10 },
  ]);
  await addZones('granada', [{ neighbourhood: 'Barrio Sin Domicilio', fee: 0, min_order: 0 }]);
});
afterAll(() => t.close());

const admin = (method: 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(adminToken), payload });

async function zonesOf(slug: string): Promise<Zone[]> {
  return t.database.db
    .selectFrom('branch_delivery_zones')
    .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
    .where('branch_id', '=', ids[slug]!)
    .execute();
}

/** Puts `zones` at the branch next to the ones it has (a zone of the same name is replaced). */
async function addZones(slug: string, zones: Zone[]) {
  const kept = (await zonesOf(slug)).filter(
    (z) => !zones.some((n) => foldText(n.neighbourhood) === foldText(z.neighbourhood)),
  );
  const res = await admin('PUT', `/api/admin/branches/${ids[slug]}/zones`, {
    zones: [...kept, ...zones],
  });
  expect(res.statusCode).toBe(200);
}

const coverage = async (neighbourhood: string, app: App = t.app) => {
  const res = await app.inject({
    url: `/api/delivery/coverage?neighbourhood=${encodeURIComponent(neighbourhood)}`,
  });
  expect(res.statusCode).toBe(200);
  return coverageResponse.parse(res.json()).results;
};
const neighbourhoods = async () => {
  const res = await t.app.inject('/api/delivery/neighbourhoods');
  expect(res.statusCode).toBe(200);
  return neighbourhoodListResponse.parse(res.json()).results.map((n) => n.name);
};
const branches = async (): Promise<Branch[]> =>
  branchListResponse.parse((await t.app.inject('/api/branch-office')).json()).results;

describe('GET /api/delivery/neighbourhoods', () => {
  it('lists every served neighbourhood once, accents and case aside, in Spanish order', async () => {
    const names = await neighbourhoods();
    const folded = names.map(foldText);
    expect(new Set(folded).size).toBe(names.length);
    // Four spellings of one neighbourhood are one entry, named as the first branch writes it.
    expect(names.filter((n) => foldText(n) === 'mazuren')).toEqual(['Mazurén']);
    // Spanish order: "Á" beside "A", "Ñ" between "N" and "O" (a byte sort puts both last).
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
    expect(names[0]).toBe('Álamos');
    expect(names.indexOf('Nueva Granada')).toBeLessThan(names.indexOf('Ñuñoa'));
    expect(names.indexOf('Ñuñoa')).toBeLessThan(names.indexOf('Olaya'));
    // Every zone of a branch that delivers, and nothing of one that does not.
    for (const slug of ['campina', 'chico', 'terminal-24h', 'el-poblado']) {
      for (const zone of await zonesOf(slug))
        expect(folded).toContain(foldText(zone.neighbourhood));
    }
    expect(folded).not.toContain('barrio sin domicilio');
  });

  it("says each neighbourhood's city, that of the first branch to name it", async () => {
    const res = await t.app.inject('/api/delivery/neighbourhoods');
    const listed = neighbourhoodListResponse.parse(res.json()).results;
    const delivering = (await branches()).filter((b) => b.delivery.available);
    for (const { name, city } of listed) {
      const first = delivering.find((b) =>
        b.delivery.zones.some((z) => foldText(z.neighbourhood) === foldText(name)),
      );
      expect(city, name).toBe(first?.city);
    }
    // The demo chain delivers in more than one city: the form has groups to show.
    expect(new Set(listed.map((n) => n.city)).size).toBeGreaterThan(1);
  });

  it('is cached like the catalogue: an ETag, a 304, and the public cache header', async () => {
    const first = await t.app.inject('/api/delivery/neighbourhoods');
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    const again = await t.app.inject({
      url: '/api/delivery/neighbourhoods',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/delivery/coverage', () => {
  it('lists the branches that reach it: lowest fee first, then the shortest estimate, with their figures', async () => {
    const found = await coverage('  mazurén ');
    expect(found.map((e) => e.branch.id)).toEqual([
      ids['el-poblado'],
      ids['terminal-24h'],
      ids.chico,
      ids.campina,
    ]);
    const chico = found.find((e) => e.branch.id === ids.chico)!;
    const [min, max] = deliveryEstimate({
      prep_minutes: prep.chico!,
      rush_minutes: 0,
      zone_minutes: 5,
    });
    expect(chico).toEqual({
      branch: { id: ids.chico, title: 'Chicó' },
      neighbourhood: 'MAZURÉN',
      fee: 3000,
      min_order: 0,
      eta_min: min,
      eta_max: max,
      accepting_orders: true,
      open_now: true,
      resumes_at: null,
      closed: null,
      paused: null,
    });
    expect(found.find((e) => e.branch.id === ids.campina)).toMatchObject({
      fee: 3000,
      min_order: 20000,
    });
    // The same figures the branch list shows for that zone: one computation.
    const listed = (await branches())
      .find((b) => b.id === ids.chico)!
      .delivery.zones.find((z) => z.neighbourhood === 'MAZURÉN')!;
    expect(listed.eta).toEqual([chico.eta_min, chico.eta_max]);
  });

  it('answers an empty list for a neighbourhood no branch serves, or only one that does not deliver', async () => {
    expect(await coverage('Barrio Que No Existe')).toEqual([]);
    expect(await coverage('Barrio Sin Domicilio')).toEqual([]);
  });

  it('refuses a missing, blank, over-long or control-character neighbourhood in Spanish', async () => {
    const cases: [string, string][] = [
      ['/api/delivery/coverage', DELIVERY_MESSAGES.neighbourhoodRequired],
      ['/api/delivery/coverage?neighbourhood=', DELIVERY_MESSAGES.neighbourhoodRequired],
      ['/api/delivery/coverage?neighbourhood=%20%20%20', DELIVERY_MESSAGES.neighbourhoodRequired],
      [
        `/api/delivery/coverage?neighbourhood=${'a'.repeat(121)}`,
        DELIVERY_MESSAGES.neighbourhoodLong,
      ],
      ['/api/delivery/coverage?neighbourhood=Niza%00', TEXT_MESSAGES.controlChars],
      ['/api/delivery/coverage?neighbourhood=Ni%0Aza', TEXT_MESSAGES.controlChars],
    ];
    for (const [url, message] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.neighbourhood, url).toEqual([message]);
    }
  });

  it('lists a paused branch after the open ones, saying so and when it resumes', async () => {
    const paused = await admin('PUT', `/api/staff/branches/${ids['el-poblado']}/pause`, {
      minutes: 30,
    });
    expect(paused.statusCode).toBe(200);
    try {
      const found = await coverage('Mazurén');
      expect(found.map((e) => e.branch.id)).toEqual([
        ids['terminal-24h'],
        ids.chico,
        ids.campina,
        ids['el-poblado'],
      ]);
      const last = found.at(-1)!;
      expect(last).toMatchObject({ accepting_orders: false, open_now: true });
      expect(Date.parse(last.resumes_at!)).toBeGreaterThan(t.clock.now() + 25 * 60_000);
    } finally {
      await admin('PUT', `/api/staff/branches/${ids['el-poblado']}/pause`, { minutes: 0 });
    }
    expect((await coverage('Mazurén')).at(-1)!.branch.id).toBe(ids.campina);
  });
});

describe('the estimate', () => {
  it('each branch carries eta.pickup and each zone its eta, by the shared rule', async () => {
    for (const branch of await branches()) {
      const rush = branch.rush_minutes;
      expect(branch.eta.pickup).toEqual(
        deliveryEstimate({
          prep_minutes: branch.prep_minutes,
          rush_minutes: rush,
          zone_minutes: 0,
        }),
      );
      for (const zone of branch.delivery.zones) {
        expect(zone.eta).toEqual(
          deliveryEstimate({
            prep_minutes: branch.prep_minutes,
            rush_minutes: rush,
            zone_minutes: zone.delivery_minutes,
          }),
        );
      }
    }
  });

  it('rush mode moves the estimate at once in the branch list and in coverage, and back', async () => {
    const before = (await coverage('Mazurén')).find((e) => e.branch.id === ids.chico)!;
    const pickupBefore = (await branches()).find((b) => b.id === ids.chico)!.eta.pickup;
    expect(
      (await admin('PUT', `/api/staff/branches/${ids.chico}/rush`, { extra_minutes: 20 }))
        .statusCode,
    ).toBe(200);
    try {
      const during = (await coverage('Mazurén')).find((e) => e.branch.id === ids.chico)!;
      expect([during.eta_min, during.eta_max]).toEqual([before.eta_min + 20, before.eta_max + 20]);
      const listed = (await branches()).find((b) => b.id === ids.chico)!;
      expect(listed.rush_minutes).toBe(20);
      expect(listed.eta.pickup).toEqual([pickupBefore[0] + 20, pickupBefore[1] + 20]);
      // Now slower than Campiña at the same fee: the order follows.
      const order = (await coverage('Mazurén')).map((e) => e.branch.id);
      expect(order.indexOf(ids.campina!)).toBeLessThan(order.indexOf(ids.chico!));
    } finally {
      await admin('PUT', `/api/staff/branches/${ids.chico}/rush`, { extra_minutes: 0 });
    }
    const after = (await coverage('Mazurén')).find((e) => e.branch.id === ids.chico)!;
    expect([after.eta_min, after.eta_max]).toEqual([before.eta_min, before.eta_max]);
  });
});

describe('cache invalidation', () => {
  it('a zone change drops both answers at once', async () => {
    const etag = (await t.app.inject('/api/delivery/coverage?neighbourhood=Olaya')).headers.etag;
    expect((await coverage('Olaya')).map((e) => e.fee)).toEqual([0]);
    await addZones('terminal-24h', [
      { neighbourhood: 'Olaya', fee: 2500, min_order: 15000, delivery_minutes: 25 },
    ]);
    const changed = await t.app.inject({
      url: '/api/delivery/coverage?neighbourhood=Olaya',
      headers: { 'if-none-match': String(etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(coverageResponse.parse(changed.json()).results[0]).toMatchObject({
      fee: 2500,
      min_order: 15000,
    });

    // A new neighbourhood is served at once, and one removed is gone at once.
    expect(await coverage('Barrio Nuevo')).toEqual([]);
    await addZones('chico', [{ neighbourhood: 'Barrio Nuevo', fee: 100, min_order: 0 }]);
    expect((await coverage('Barrio Nuevo')).map((e) => e.branch.id)).toEqual([ids.chico]);
    expect(await neighbourhoods()).toContain('Barrio Nuevo');
    const rest = (await zonesOf('chico')).filter((z) => z.neighbourhood !== 'Barrio Nuevo');
    expect(
      (await admin('PUT', `/api/admin/branches/${ids.chico}/zones`, { zones: rest })).statusCode,
    ).toBe(200);
    expect(await coverage('Barrio Nuevo')).toEqual([]);
    expect(await neighbourhoods()).not.toContain('Barrio Nuevo');
  });

  it('an hours change drops coverage at once: a branch closed today is listed as not accepting', async () => {
    expect(
      (await coverage('Mazurén')).find((e) => e.branch.id === ids.campina)!.accepting_orders,
    ).toBe(true);
    expect(
      (await admin('PUT', `/api/admin/branches/${ids.campina}/hours`, { hours: [] })).statusCode,
    ).toBe(200);
    try {
      const found = await coverage('Mazurén');
      expect(found.at(-1)).toMatchObject({
        branch: { id: ids.campina },
        accepting_orders: false,
        open_now: false,
      });
    } finally {
      await openAllDay(t.database, ids.campina!);
      await t.app.catalogEvents.publish({ type: 'branch', branch_id: ids.campina! });
    }
    expect(
      (await coverage('Mazurén')).find((e) => e.branch.id === ids.campina)!.accepting_orders,
    ).toBe(true);
  });

  it('a branch that stops delivering leaves both answers at once', async () => {
    const row = await t.database.db
      .selectFrom('branches')
      .selectAll()
      .where('id', '=', ids['terminal-24h']!)
      .executeTakeFirstOrThrow();
    const body = {
      title: row.title,
      address: row.address,
      phone: row.phone,
      city: row.city,
      pickup_available: true,
      prep_minutes: row.prep_minutes,
    };
    expect(
      (await admin('PUT', `/api/admin/branches/${row.id}`, { ...body, delivery_available: false }))
        .statusCode,
    ).toBe(200);
    try {
      expect((await coverage('Mazurén')).map((e) => e.branch.id)).not.toContain(row.id);
      expect(await neighbourhoods()).not.toContain('Ñuñoa');
    } finally {
      await admin('PUT', `/api/admin/branches/${row.id}`, { ...body, delivery_available: true });
    }
    expect(await neighbourhoods()).toContain('Ñuñoa');
  });
});

// Several nodes: a change made through one node drops the other's answers through the catalogue
// channel (Redis), as it does for the catalogue. Runs where Redis is (always in CI).
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe('across nodes', () => {
    let nodeA: App;
    let nodeB: App;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const target = await createEmptyDatabase();
      const schema = target.schema ? { schema: target.schema } : {};
      const handleA = await openDatabase({ url: target.url, seedDemo: true, ...schema });
      const handleB = await openDatabase({ url: target.url, seedDemo: false, ...schema });
      const config = testConfig({ WEB_DIST: '/nonexistent-web-dist', REDIS_URL: redisUrl });
      const clock = testClock();
      nodeA = await buildApp({ config, database: handleA, logger: false, clock });
      nodeB = await buildApp({ config, database: handleB, logger: false, clock });
      await Promise.all([nodeA.ready(), nodeB.ready()]);
      drop = () => target.drop();
    });
    afterAll(async () => {
      await nodeA.close();
      await nodeB.close();
      await drop();
    });

    /** Resolves when node B hears a change of that branch (its own answers are dropped first: it subscribed earlier). */
    const heardOnB = (branchId: number) =>
      new Promise<void>((resolve) => {
        const stop = nodeB.catalogEvents.subscribe((change: CatalogChange) => {
          if (change.type === 'branch' && change.branch_id === branchId) {
            stop();
            resolve();
          }
        });
      });

    it('a zone changed through node A changes node B’s coverage and neighbourhoods', async () => {
      const token = await login(nodeA, 'admin@comanda.test');
      const branch = await nodeA.db
        .selectFrom('branches')
        .select('id')
        .where('slug', '=', 'chico')
        .executeTakeFirstOrThrow();
      expect(await coverage('Barrio Entre Nodos', nodeB)).toEqual([]);
      const listedBefore = neighbourhoodListResponse.parse(
        (await nodeB.inject('/api/delivery/neighbourhoods')).json(),
      ).results;
      expect(listedBefore.map((n) => n.name)).not.toContain('Barrio Entre Nodos');

      const zones = await nodeA.db
        .selectFrom('branch_delivery_zones')
        .select(['neighbourhood', 'fee', 'min_order'])
        .where('branch_id', '=', branch.id)
        .execute();
      const heard = heardOnB(branch.id);
      const res = await nodeA.inject({
        method: 'PUT',
        url: `/api/admin/branches/${branch.id}/zones`,
        headers: bearer(token),
        payload: {
          zones: [...zones, { neighbourhood: 'Barrio Entre Nodos', fee: 1500, min_order: 0 }],
        },
      });
      expect(res.statusCode).toBe(200);
      await heard;

      expect(await coverage('barrio entre nodos', nodeB)).toMatchObject([
        { branch: { id: branch.id }, fee: 1500 },
      ]);
      const listed = neighbourhoodListResponse.parse(
        (await nodeB.inject('/api/delivery/neighbourhoods')).json(),
      ).results;
      expect(listed.map((n) => n.name)).toContain('Barrio Entre Nodos');
    });

    it('rush set through node A moves node B’s estimates', async () => {
      const token = await login(nodeA, 'admin@comanda.test');
      const branch = await nodeA.db
        .selectFrom('branches')
        .select('id')
        .where('slug', '=', 'chico')
        .executeTakeFirstOrThrow();
      const pickup = async () =>
        branchListResponse
          .parse((await nodeB.inject('/api/branch-office')).json())
          .results.find((b) => b.id === branch.id)!.eta.pickup;
      const before = await pickup();
      const heard = heardOnB(branch.id);
      expect(
        (
          await nodeA.inject({
            method: 'PUT',
            url: `/api/staff/branches/${branch.id}/rush`,
            headers: bearer(token),
            payload: { extra_minutes: 30 },
          })
        ).statusCode,
      ).toBe(200);
      await heard;
      expect(await pickup()).toEqual([before[0] + 30, before[1] + 30]);
    });
  });
}

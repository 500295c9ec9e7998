import { adminProductSchema, oneOf, stationListResponse } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';

// The product editor's Estación de cocina: the product the back office reads says its station
// (null: its category's), as PUT /api/admin/products/{id}/station set it (decision 072).

let t: TestApp;
let admin: string;
let productId: number;

const read = async () => {
  const res = await t.app.inject({
    url: `/api/admin/products/${productId}`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  return oneOf(adminProductSchema).parse(res.json()).results;
};

const choose = (stationId: number | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${productId}/station`,
    headers: bearer(admin),
    payload: { station_id: stationId },
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@comanda.test');
  productId = (
    await t.database.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('a product’s kitchen station in the back office', () => {
  it('reads null, then the station chosen, then null again once cleared; its version stays', async () => {
    const before = await read();
    expect(before.station_id).toBeNull();
    const branch = await branchBySlug(t.database, 'campina');
    const stations = stationListResponse.parse(
      (
        await t.app.inject({
          url: `/api/admin/branches/${branch.id}/stations`,
          headers: bearer(admin),
        })
      ).json(),
    ).results;
    const grill = stations.find((station) => station.name === 'Parrilla')!;

    expect((await choose(grill.id)).statusCode).toBe(200);
    const chosen = await read();
    expect(chosen.station_id).toBe(grill.id);
    // Not the product's own write: an editor holding the product can still save it.
    expect(chosen.version).toBe(before.version);

    expect((await choose(null)).statusCode).toBe(200);
    expect((await read()).station_id).toBeNull();
  });
});

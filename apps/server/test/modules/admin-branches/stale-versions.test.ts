import {
  adminBranchListResponse,
  adminBranchResponse,
  branchConsoleResponse,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';
import { expectStaleSaveRefused } from '../../lib/stale-version';

// A branch is one editor's data, hours, exceptions and zones, under one version (decision 032):
// any of them saved from a copy someone else saved since is refused with the current branch.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@comanda.test');
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const branches = async () =>
  adminBranchListResponse.parse((await send('GET', '/api/admin/branches')).json()).results;
const branch = async (id: number) =>
  adminBranchResponse.parse((await send('GET', `/api/admin/branches/${id}`)).json()).results;

describe('a stale branch version', () => {
  let id: number;
  beforeAll(async () => {
    id = (await branches())[0]!.id;
  });

  it('is refused on the branch’s data', async () => {
    const read = await branch(id);
    const { title, address, phone, city, pickup_available, delivery_available } = read;
    await expectStaleSaveRefused(t.database, {
      read: () => branch(id),
      save: (version, round) =>
        send('PUT', `/api/admin/branches/${id}`, {
          title,
          address,
          phone,
          city,
          pickup_available,
          delivery_available,
          prep_minutes: round === 'first' ? 21 : 34,
          version,
        }),
    });
  });

  it('is refused on hiding it', async () => {
    await expectStaleSaveRefused(t.database, {
      read: () => branch(id),
      save: (version, round) =>
        send('PUT', `/api/admin/branches/${id}/visibility`, { hidden: round === 'first', version }),
    });
  });

  it('is refused on its weekly hours', async () => {
    await expectStaleSaveRefused(t.database, {
      read: () => branch(id),
      save: (version, round) =>
        send('PUT', `/api/admin/branches/${id}/hours`, {
          hours: [{ weekday: 1, opens: round === 'first' ? '08:00' : '09:00', closes: '20:00' }],
          version,
        }),
    });
  });

  it('is refused on its holidays and special days', async () => {
    await expectStaleSaveRefused(t.database, {
      read: () => branch(id),
      save: (version, round) =>
        send('PUT', `/api/admin/branches/${id}/exceptions`, {
          exceptions: [
            { date: round === 'first' ? '2030-12-25' : '2030-01-01', closed: true, ranges: [] },
          ],
          version,
        }),
    });
  });

  it('is refused on its delivery zones', async () => {
    await expectStaleSaveRefused(t.database, {
      read: () => branch(id),
      save: (version, round) =>
        send('PUT', `/api/admin/branches/${id}/zones`, {
          zones: [{ neighbourhood: `Barrio ${round}`, fee: 3000, min_order: 0 }],
          version,
        }),
    });
  });

  it('moves on when the console changes the preparation minutes the editor shows, not when it pauses', async () => {
    // Another branch: the one above was hidden, and the console only switches visible ones.
    const id = (await branches()).find((b) => !b.hidden)!.id;
    const before = await branch(id);
    const paused = await send('PUT', `/api/staff/branches/${id}/pause`, { minutes: 10 });
    expect(branchConsoleResponse.parse(paused.json()).results.paused).toBe(true);
    expect((await branch(id)).version).toBe(before.version);
    const set = await send('PUT', `/api/staff/branches/${id}/settings`, {
      prep_minutes: before.prep_minutes + 1,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await branch(id)).version).toBe(before.version + 1);
  });
});

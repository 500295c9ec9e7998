import { staffListResponse } from '@comanda/shared';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';
import { expectStaleSaveRefused } from '../../lib/stale-version';

// A staff account is saved under its version (decision 032): an edit or a new password made
// from a copy someone else saved since is refused with the account as it is now.

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
    url: `/api/admin/staff${url}`,
    headers: bearer(admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const members = async () => staffListResponse.parse((await send('GET', '')).json()).results;
const PASSWORD = 'Arepa-con-queso-2026!';

describe('a stale account version', () => {
  it('is refused on an edit', async () => {
    const campina = (await branchBySlug(t.database, 'campina')).id;
    const { id, email, phone } = (await members()).find((m) => m.email === 'campina@comanda.test')!;
    await expectStaleSaveRefused(t.database, {
      read: async () => (await members()).find((m) => m.id === id)!,
      save: (version, round) =>
        send('PUT', `/${id}`, {
          name: `Cajera ${round}`,
          email,
          phone,
          role: 'staff',
          branch_ids: [campina],
          version,
        }),
    });
  });

  it('is refused on a new password', async () => {
    const { id } = (await members()).find((m) => m.email === 'campina@comanda.test')!;
    await expectStaleSaveRefused(t.database, {
      read: async () => (await members()).find((m) => m.id === id)!,
      save: (version, round) =>
        send('POST', `/${id}/password`, { password: `${PASSWORD}${round}`, version }),
    });
  });
});

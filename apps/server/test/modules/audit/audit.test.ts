import {
  ADMIN_MESSAGES,
  AUDIT_PAGE_SIZE,
  auditListResponse,
  MESSAGES,
  staffMeResponse,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';

// The change log as the back office writes it (inside each change's transaction) and as the
// admin reads it: newest first, filtered, paged, and never editable through the API.

let t: TestApp;
let tokens: { customer: string; campina: string; admin: string };
let admin: { id: number; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  admin = await t.database.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', 'admin@comanda.test')
    .executeTakeFirstOrThrow();
});
afterAll(() => t.close());

const audit = (query = '', token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: bearer(token) });

describe('GET /api/admin/audit', () => {
  it('lists what was recorded, newest first, with before and after as they were', async () => {
    await t.app.audit.record(t.database.db, admin, {
      action: 'update',
      entity: 'product',
      entity_id: 7,
      summary: 'Hamburguesa clásica: precio 18.000 → 19.500',
      before: { price: 18000 },
      after: { price: 19500 },
    });
    await t.app.audit.record(t.database.db, admin, {
      action: 'create',
      entity: 'category',
      entity_id: 3,
      summary: 'Postres',
    });

    const res = await audit();
    expect(res.statusCode).toBe(200);
    const { results } = auditListResponse.parse(res.json());
    expect(results.slice(0, 2).map((row) => row.summary)).toEqual([
      'Postres',
      'Hamburguesa clásica: precio 18.000 → 19.500',
    ]);
    expect(results[1]).toMatchObject({
      user: 'admin@comanda.test',
      user_id: admin.id,
      action: 'update',
      entity: 'product',
      entity_id: '7',
      before: { price: 18000 },
      after: { price: 19500 },
    });
    expect(Number.isNaN(Date.parse(results[1]!.at))).toBe(false);
  });

  it('writes nothing for a change whose transaction rolls back', async () => {
    const before = auditListResponse.parse((await audit()).json()).results.length;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.audit.record(trx, admin, {
          action: 'delete',
          entity: 'banner',
          entity_id: 1,
          summary: 'Banner que no se borró',
        });
        throw new Error('the change failed after its log row');
      }),
    ).rejects.toThrow('the change failed');
    const { results } = auditListResponse.parse((await audit()).json());
    expect(results).toHaveLength(before);
    expect(results.some((row) => row.summary === 'Banner que no se borró')).toBe(false);
  });

  it('filters by kind of thing, action, who and words, and treats % and _ as letters', async () => {
    await t.app.audit.record(t.database.db, admin, {
      action: 'hide',
      entity: 'product',
      entity_id: 9,
      summary: 'Limonada 100% natural',
    });
    const byEntity = auditListResponse.parse((await audit('?entity=category')).json()).results;
    expect(byEntity.length).toBeGreaterThan(0);
    expect(byEntity.every((row) => row.entity === 'category')).toBe(true);
    const byAction = auditListResponse.parse((await audit('?action=hide')).json()).results;
    expect(byAction.map((row) => row.summary)).toEqual(['Limonada 100% natural']);
    expect(
      auditListResponse.parse((await audit('?user=ADMIN@')).json()).results.length,
    ).toBeGreaterThan(2);
    expect(auditListResponse.parse((await audit('?user=nadie')).json()).results).toEqual([]);
    expect(
      auditListResponse
        .parse((await audit(`?q=${encodeURIComponent('100%')}`)).json())
        .results.map((r) => r.summary),
    ).toEqual(['Limonada 100% natural']);
    expect(
      auditListResponse.parse((await audit(`?q=${encodeURIComponent('0%n')}`)).json()).results,
    ).toEqual([]);
  });

  it('pages back with `before` until `next` is null, each row once', async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await t.app.audit.record(t.database.db, admin, {
        action: 'reorder',
        entity: 'payment_type',
        summary: `Orden ${i}`,
      });
    }
    const seen: number[] = [];
    let query = '?entity=payment_type';
    for (;;) {
      const page = auditListResponse.parse((await audit(query)).json());
      seen.push(...page.results.map((row) => row.id));
      if (page.next === null) break;
      query = `?entity=payment_type&before=${page.next}`;
    }
    expect(seen).toHaveLength(AUDIT_PAGE_SIZE + 5);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('refuses bad filters with a Spanish message', async () => {
    for (const query of [
      '?action=drop',
      '?before=abc',
      '?before=0',
      `?q=${'x'.repeat(121)}`,
      '?q=%00',
    ]) {
      const res = await audit(query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toMatch(/válid|larg|caracteres/);
    }
  });

  it('is for the chain admin only: staff and customers get 403, no token 401', async () => {
    for (const token of [tokens.campina, tokens.customer]) {
      const res = await audit('', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ADMIN_MESSAGES.forbidden });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('has no way to change or erase a row', async () => {
    const [row] = auditListResponse.parse((await audit()).json()).results;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/admin/audit/${row!.id}`,
        headers: bearer(tokens.admin),
        payload: {},
      });
      expect(res.statusCode, method).toBe(404);
    }
    const still = auditListResponse.parse((await audit()).json()).results[0];
    expect(still).toEqual(row);
  });
});

describe('GET /api/staff/me', () => {
  it('tells the console who is signed in: role and branches', async () => {
    const adminMe = staffMeResponse.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(tokens.admin) })
      ).json(),
    );
    expect(adminMe.user).toMatchObject({
      email: 'admin@comanda.test',
      role: 'admin',
      branch_ids: [],
    });
    const campina = await t.database.db
      .selectFrom('branches')
      .select('id')
      .where('slug', '=', 'campina')
      .executeTakeFirstOrThrow();
    const staffMe = staffMeResponse.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(tokens.campina) })
      ).json(),
    );
    expect(staffMe.user).toMatchObject({
      email: 'campina@comanda.test',
      role: 'staff',
      branch_ids: [campina.id],
    });
  });

  it('refuses customers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/staff/me',
      headers: bearer(tokens.customer),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.forbidden });
  });
});

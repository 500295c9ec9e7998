import {
  adminBranchResponse,
  auditListResponse,
  branchConsoleResponse,
  CONSOLE_MESSAGES,
  type AdminBranch,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';

// A branch's own staff setting its slot capacity from the console when, and only when, the
// back office allows it for that branch (decision 090).

let t: TestApp;
let campina: { id: number };
let chico: { id: number };
let tokens: { campina: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  tokens = {
    campina: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
});

afterAll(async () => {
  await t.close();
});

const settings = (token: string, branchId: number, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/staff/branches/${branchId}/settings`,
    headers: bearer(token),
    payload,
  });

async function adminBranch(id: number): Promise<AdminBranch> {
  const res = await t.app.inject({
    url: `/api/admin/branches/${id}`,
    headers: bearer(tokens.admin),
  });
  return adminBranchResponse.parse(res.json()).results;
}

async function allow(id: number, allowed: boolean, version?: number) {
  const branch = await adminBranch(id);
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/branches/${id}/capacity`,
    headers: bearer(tokens.admin),
    payload: {
      orders_per_slot: branch.orders_per_slot,
      staff_sets_capacity: allowed,
      version: version ?? branch.version,
    },
  });
}

const lastAudit = async () =>
  auditListResponse.parse(
    (
      await t.app.inject({ url: '/api/admin/audit?entity=branch', headers: bearer(tokens.admin) })
    ).json(),
  ).results[0]!;

describe('the slot capacity from the console', () => {
  it('is the back office’s until it allows the branch: staff are refused in Spanish, nothing changes', async () => {
    const before = await adminBranch(campina.id);
    expect(before.staff_sets_capacity).toBe(false);
    const console = branchConsoleResponse.parse(
      (
        await t.app.inject({
          url: `/api/staff/branches/${campina.id}`,
          headers: bearer(tokens.campina),
        })
      ).json(),
    ).results;
    expect(console).toMatchObject({ staff_sets_capacity: false });

    const res = await settings(tokens.campina, campina.id, { orders_per_slot: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: CONSOLE_MESSAGES.capacityByAdmin });
    expect(await adminBranch(campina.id)).toEqual(before);
  });

  it('once allowed, the branch’s staff set it: the back office reads it, its version moves, the log says so', async () => {
    const allowed = await allow(campina.id, true);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(adminBranchResponse.parse(allowed.json()).results.staff_sets_capacity).toBe(true);
    const before = await adminBranch(campina.id);

    const res = await settings(tokens.campina, campina.id, { orders_per_slot: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(branchConsoleResponse.parse(res.json()).results).toMatchObject({
      orders_per_slot: 3,
      staff_sets_capacity: true,
    });
    const after = await adminBranch(campina.id);
    expect(after.orders_per_slot).toBe(3);
    expect(after.version).toBeGreaterThan(before.version);
    expect((await lastAudit()).summary).toContain(
      `pedidos por franja ${before.orders_per_slot ?? 'sin límite'} → 3`,
    );

    // An admin's form read before the staff's change is a conflict, not a silent overwrite.
    expect((await allow(campina.id, true, before.version)).statusCode).toBe(409);

    // Empty in the console is «sin límite».
    const unlimited = await settings(tokens.campina, campina.id, { orders_per_slot: null });
    expect(branchConsoleResponse.parse(unlimited.json()).results.orders_per_slot).toBeNull();
  });

  it('refuses a wrong number with 400, and another branch with 403, changing nothing', async () => {
    const before = await adminBranch(campina.id);
    for (const orders_per_slot of [501, -1, 2.5, '3', 'x']) {
      const res = await settings(tokens.campina, campina.id, { orders_per_slot });
      expect(res.statusCode, JSON.stringify(orders_per_slot)).toBe(400);
    }
    await allow(chico.id, true);
    expect((await settings(tokens.campina, chico.id, { orders_per_slot: 2 })).statusCode).toBe(403);
    expect(await adminBranch(campina.id)).toEqual(before);
  });

  it('taken back by the back office, refused again; an admin may still set it from the console', async () => {
    expect((await allow(campina.id, false)).statusCode).toBe(200);
    expect((await settings(tokens.campina, campina.id, { orders_per_slot: 4 })).statusCode).toBe(
      403,
    );
    const byAdmin = await settings(tokens.admin, campina.id, { orders_per_slot: 4 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await adminBranch(campina.id)).orders_per_slot).toBe(4);
  });
});

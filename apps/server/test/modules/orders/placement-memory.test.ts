import { sql } from 'kysely';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/lib/authorization';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
} from '../../helpers/ordering';

// An order waits for its commit for a group commit's length, with every other order in flight.
// What it holds meanwhile survives the young generation's collections and is copied with each:
// the storefront's payload (every cart item whole) must be garbage once it has been read.

let t: TestApp;
let customer: SessionUser;
let branchId: number;
let items: ReturnType<typeof cartItem>[];

beforeAll(async () => {
  t = await buildTestApp();
  const token = await login(t.app, 'cliente@comanda.test');
  customer = (await t.app.accounts.authenticate(token))!;
  branchId = (await branchBySlug(t.database, 'campina')).id;
  await openAllDay(t.database, branchId);
  items = (await availableProducts(t.app, t.database, branchId)).map((p) => cartItem(p, 2));
});
afterAll(() => t.close());

/** A full collection, from a context made after the flag is set (the server's code never sees it). */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** An order placed with a payload only a WeakRef points to once this returns. */
function startPlacing() {
  const raw = structuredClone(orderPayload(branchId, items));
  return { placing: t.app.orders.place(customer, raw), payload: new WeakRef(raw) };
}

/** Holds the database's write lock (a table lock on PostgreSQL) until `release` is called. */
async function holdWrites() {
  let release!: () => void;
  let held!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = t.database.db.transaction().execute(async (trx) => {
    if (t.database.dialect === 'postgres')
      await sql`lock table orders in exclusive mode`.execute(trx);
    // On SQLite the transaction is BEGIN IMMEDIATE: the write lock itself.
    else await trx.updateTable('users').set({ name: 'Cliente' }).where('id', '=', -1).execute();
    held();
    await released;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

describe('an order waiting for its commit', () => {
  it('holds nothing of the payload it was sent', async () => {
    const release = await holdWrites();
    let settled = false;
    const { placing, payload } = startPlacing();
    void placing.finally(() => (settled = true));
    try {
      // The placement checks the order and reaches the commit, which waits behind the lock.
      await new Promise((resolve) => setTimeout(resolve, 150));
      collectGarbage();
      expect(settled).toBe(false);
      expect(payload.deref()).toBeUndefined();
    } finally {
      await release();
      // Settled before the suite closes the app, whatever was asserted above.
      await placing.catch(() => undefined);
    }
    expect((await placing).status).toBe(true);
  });
});

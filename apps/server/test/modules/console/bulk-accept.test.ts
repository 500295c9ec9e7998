import { orderResponse, type Product } from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The board's «Aceptar seleccionados» is one call of POST /api/staff/orders/{id}/status per
// order, all at once, with the same minutes (product.md «Accepting several at once»): each order
// goes through the one guard (its branch checked) and the one status path (compare-and-set,
// audited), and each answers for itself. A mixed batch accepts what it may and changes nothing
// else; two tablets sending the same batch accept each order exactly once.

let t: TestApp;
let campina: { id: number; title: string };
let chico: { id: number; title: string };
let tokens: { staff: string; campina: string; customer: string };
let socket: Socket;
let products: { campina: Product; chico: Product };

const accept = (id: number, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(token),
    payload: { status: 'accepted', prep_minutes: 25 },
  });

/** The batch as the board sends it: every call at once, each answered on its own. */
const acceptAll = (ids: readonly number[], token: string) =>
  Promise.all(ids.map((id) => accept(id, token)));

const newOrder = (branch: { id: number; title: string }, product: Product) =>
  place(socket, orderPayload(branch.id, [cartItem(product)]));

async function statusOf(id: number) {
  const row = await t.database.db
    .selectFrom('orders')
    .select(['status', 'promised_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { status: row.status, promised_at: String(row.promised_at) };
}

const acceptRows = async (id: number) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select(['user_id'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'accept')
      .execute()
  ).map((row) => row.user_id);

beforeAll(async () => {
  t = await buildTestApp();
  const url = await listen(t.app);
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, campina.id);
  await openAllDay(t.database, chico.id);
  tokens = {
    staff: await login(t.app, 'staff@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    customer: await login(t.app, 'cliente@comanda.test'),
  };
  socket = openSocket(url, tokens.customer);
  await connected(socket);
  products = {
    campina: (await availableProducts(t.app, t.database, campina.id, 1))[0]!,
    chico: (await availableProducts(t.app, t.database, chico.id, 1))[0]!,
  };
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe('Accepting several new orders at once', () => {
  it('accepts what the tablet may and leaves one taken by another tablet and one of another branch as they were', async () => {
    const fresh = await newOrder(campina, products.campina);
    const taken = await newOrder(campina, products.campina);
    const elsewhere = await newOrder(chico, products.chico);
    // Another tablet of Campiña accepted one of them a moment before.
    expect((await accept(taken.id, tokens.staff)).statusCode).toBe(200);
    const takenBefore = await statusOf(taken.id);

    const [ok, late, foreign] = await acceptAll([fresh.id, taken.id, elsewhere.id], tokens.campina);

    expect(ok!.statusCode).toBe(200);
    const accepted = orderResponse.parse(ok!.json()).results;
    expect(accepted.status).toBe('accepted');
    // The batch's one promise: the minutes chosen once, for every order of it.
    const promised = new Date(accepted.promised_at!).getTime();
    const acceptedAt = new Date(accepted.history.at(-1)!.at).getTime();
    expect(promised - acceptedAt).toBeGreaterThanOrEqual(25 * 60_000);
    // Another tablet answered first: refused in Spanish, its promise untouched.
    expect(late!.statusCode).toBe(400);
    expect(late!.json().message).toBe('Un pedido aceptado no puede pasar a aceptado.');
    expect(await statusOf(taken.id)).toEqual(takenBefore);
    // Another branch: refused by the guard, nothing changed.
    expect(foreign!.statusCode).toBe(403);
    expect((await statusOf(elsewhere.id)).status).toBe('received');
    // Each order's acceptance is in the change log once, by whoever made it.
    const [staffId, campinaId] = await Promise.all(
      ['staff@comanda.test', 'campina@comanda.test'].map(
        async (email) =>
          (
            await t.database.db
              .selectFrom('users')
              .select('id')
              .where('email', '=', email)
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    expect(await acceptRows(fresh.id)).toEqual([campinaId]);
    expect(await acceptRows(taken.id)).toEqual([staffId]);
    expect(await acceptRows(elsewhere.id)).toEqual([]);
  });

  it('two tablets sending the same batch accept each order exactly once', async () => {
    const batch = [
      await newOrder(campina, products.campina),
      await newOrder(campina, products.campina),
      await newOrder(campina, products.campina),
    ].map((order) => order.id);

    const answers = await Promise.all([
      acceptAll(batch, tokens.campina),
      acceptAll(batch, tokens.staff),
    ]);

    for (const [index, id] of batch.entries()) {
      const codes = answers.map((tablet) => tablet[index]!.statusCode).sort();
      expect(codes, `order ${id}`).toEqual([200, 400]);
      expect(await acceptRows(id)).toHaveLength(1);
      const steps = await t.database.db
        .selectFrom('order_status_history')
        .select('status')
        .where('order_id', '=', id)
        .execute();
      expect(steps.map((step) => step.status)).toEqual(['received', 'accepted']);
    }
  });
});

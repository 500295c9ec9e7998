import { SOCKET_EVENTS } from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthedSocket, Realtime } from '../../../src/plugins/socket';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { branchBySlug, collect, login } from '../../helpers/ordering';
import { connected, listen, next, openSocket } from '../../helpers/sockets';

// app.realtime is the server's one emitter (decision 064): each of its ways reaches its sockets
// and no others. Every event the clients below hear is checked against socketEventSchemas by
// openSocket, so a payload off the contract fails the run too.

let t: TestApp;
let url: string;
let campinaId: number;
let customerId: number;
const sockets: Socket[] = [];
let anonymous: Socket;
let customer: Socket;
let campinaStaff: Socket;
let admin: Socket;

async function socketFor(token: string | null) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  campinaId = (await branchBySlug(t.database, 'campina')).id;
  const customerToken = await login(t.app, 'cliente@comanda.test');
  customerId = (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow()
  ).id;
  anonymous = await socketFor(null);
  customer = await socketFor(customerToken);
  campinaStaff = await socketFor(await login(t.app, 'campina@comanda.test'));
  admin = await socketFor(await login(t.app, 'admin@comanda.test'));
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

/** How many times each of the four sockets hears `event` while `send` runs. */
async function whoHears(event: string, send: () => void) {
  const listening = { anonymous, customer, campinaStaff, admin };
  const heard = Object.entries(listening).map(async ([name, socket]) => {
    const events = await collect(socket, event);
    return [name, events.length] as const;
  });
  send();
  return Object.fromEntries(await Promise.all(heard));
}

describe('app.realtime, the one emitter of Socket.IO events', () => {
  it("toUser reaches the customer's sockets only", async () => {
    expect(
      await whoHears(SOCKET_EVENTS.resync, () =>
        t.app.realtime.toUser(customerId, SOCKET_EVENTS.resync, {}),
      ),
    ).toEqual({ anonymous: 0, customer: 1, campinaStaff: 0, admin: 0 });
  });

  it("toBranch reaches the branch's staff and chain-wide staff", async () => {
    const event = { branch_id: campinaId, product_id: 1, sold_out: true };
    expect(
      await whoHears(SOCKET_EVENTS.availability, () =>
        t.app.realtime.toBranch(campinaId, SOCKET_EVENTS.availability, event),
      ),
    ).toEqual({ anonymous: 0, customer: 0, campinaStaff: 1, admin: 1 });
  });

  it('toUserAndBranch reaches the customer and the branch, once each', async () => {
    expect(
      await whoHears(SOCKET_EVENTS.resync, () =>
        t.app.realtime.toUserAndBranch(customerId, campinaId, SOCKET_EVENTS.resync, {}),
      ),
    ).toEqual({ anonymous: 0, customer: 1, campinaStaff: 1, admin: 1 });
  });

  it('toSignedIn reaches every signed-in socket, not anonymous storefronts', async () => {
    expect(
      await whoHears(SOCKET_EVENTS.resync, () =>
        t.app.realtime.toSignedIn(SOCKET_EVENTS.resync, {}),
      ),
    ).toEqual({ anonymous: 0, customer: 1, campinaStaff: 1, admin: 1 });
  });

  it('toThisNode reaches every socket of this node, anonymous storefronts included', async () => {
    expect(
      await whoHears(SOCKET_EVENTS.catalogChanged, () =>
        t.app.realtime.toThisNode(SOCKET_EVENTS.catalogChanged, {}),
      ),
    ).toEqual({ anonymous: 1, customer: 1, campinaStaff: 1, admin: 1 });
  });

  it("toSocket reaches that one socket, not the same customer's other tabs", async () => {
    const otherTab = await socketFor(await login(t.app, 'cliente@comanda.test'));
    const target = t.app.io.of('/').sockets.get(customer.id ?? '') as AuthedSocket;
    expect(target.data.user?.id).toBe(customerId);
    const elsewhere = collect(otherTab, SOCKET_EVENTS.resync);
    const heard = next<object>(customer, SOCKET_EVENTS.resync);
    t.app.realtime.toSocket(target, SOCKET_EVENTS.resync, {});
    expect(await heard).toEqual({});
    expect(await elsewhere).toEqual([]);
  });
});

// Compiled by `npm run typecheck` (apps/server/tsconfig.json includes test/), never run: each
// line marked @ts-expect-error must stay an error, or the type check fails. They prove that an
// event the contract does not list, or a payload of another shape, does not compile.
export function refusedByTheCompiler(realtime: Realtime, socket: AuthedSocket) {
  const { availability, catalogChanged, confirmCart, resync } = SOCKET_EVENTS;
  const soldOut = { branch_id: 1, product_id: 2, sold_out: true };
  // What the contract describes compiles.
  realtime.toThisNode(catalogChanged, {});
  realtime.toBranch(1, availability, soldOut);
  // @ts-expect-error an event the contract does not list
  realtime.toUser(1, 'order-stauts', {});
  // @ts-expect-error a payload without a field its event's schema requires
  realtime.toBranch(1, availability, { branch_id: 1, product_id: 2 });
  // @ts-expect-error a field of the wrong type
  realtime.toThisNode(availability, { ...soldOut, branch_id: '1' });
  // @ts-expect-error a signal carries nothing
  realtime.toSignedIn(resync, { reason: 'redis' });
  // @ts-expect-error another event's payload
  realtime.toSocket(socket, confirmCart, soldOut);
  // @ts-expect-error Socket.IO itself is typed from the same map
  socket.emit('new-orders', {});
}

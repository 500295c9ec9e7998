import { SOCKET_EVENTS } from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { hashToken } from '../../../src/lib/tokens';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  connected,
  connectError,
  disconnected,
  listen,
  next,
  openSocket,
} from '../../helpers/sockets';

// A token is checked when a socket connects; these prove that ending a session later reaches
// the sockets already open with it.
const DAY_MS = 86_400_000;

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    AUTH_RATE_LIMIT_PER_IP: 10_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    SESSION_MAX_DAYS: 90,
  });
  url = await listen(t.app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

let counter = 0;
async function customer(devices = 1) {
  counter += 1;
  const email = `enchufe${counter}-${Date.now()}@ejemplo.co`;
  const password = 'una-clave-segura';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: `Cliente ${counter}`,
      email,
      phone: `33${String(Date.now() + counter).slice(-8)}`,
      password,
      password_confirmation: password,
    },
  });
  const tokens: string[] = [res.json().access_token];
  while (tokens.length < devices) tokens.push(await login(email, password));
  return { id: res.json().user.id as number, tokens };
}

async function login(email: string, password = DEMO_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

async function socketFor(token: string) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sessionId = async (token: string) =>
  (
    await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow()
  ).id;

/** Still connected, and still hears what is sent to its user (a resync, the lightest event). */
async function expectLive(socket: Socket, userId: number) {
  expect(socket.connected).toBe(true);
  const heard = next<object>(socket, SOCKET_EVENTS.resync);
  t.app.realtime.toUser(userId, SOCKET_EVENTS.resync, {});
  expect(await heard).toEqual({});
}

describe('ending a session closes its open sockets', () => {
  it('on logout: the sockets of that token, not those of the same customer on another device', async () => {
    const { id, tokens } = await customer(2);
    const [phone, laptop] = tokens as [string, string];
    const onPhone = await socketFor(phone);
    const secondTab = await socketFor(phone);
    const onLaptop = await socketFor(laptop);

    const closed = Promise.all([disconnected(onPhone), disconnected(secondTab)]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(phone) }))
        .statusCode,
    ).toBe(200);
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
    await expectLive(onLaptop, id);

    // And the token cannot open a new one.
    expect((await connectError(openSocket(url, phone))).message).toBe('unauthorized');
  });

  it('on "cerrar las demás sesiones": every other session\'s sockets, not the caller\'s', async () => {
    const { id, tokens } = await customer(3);
    const [here, ...others] = tokens as [string, ...string[]];
    const mine = await socketFor(here);
    const theirs = await Promise.all(others.map(socketFor));

    const closed = Promise.all(theirs.map((socket) => disconnected(socket)));
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/sessions/others',
      headers: bearer(here),
    });
    expect(res.json()).toEqual({ status: true, ended: 2 });
    await closed;
    await expectLive(mine, id);
  });

  it('on ending one session by id', async () => {
    const { id, tokens } = await customer(2);
    const [here, there] = tokens as [string, string];
    const mine = await socketFor(here);
    const theirs = await socketFor(there);
    const closed = disconnected(theirs);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${await sessionId(there)}`,
      headers: bearer(here),
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await expectLive(mine, id);
  });

  it('when a staff account is deactivated: all its sockets, on every token', async () => {
    const { id, tokens } = await customer(2);
    await t.database.db.updateTable('users').set({ role: 'staff' }).where('id', '=', id).execute();
    const open = await Promise.all(tokens.map(socketFor));
    const bystander = await customer();
    const watching = await socketFor(bystander.tokens[0]!);

    const closed = Promise.all(open.map((socket) => disconnected(socket)));
    expect(await t.app.accounts.deactivateUser(id)).toBe(true);
    await closed;
    for (const token of tokens) {
      expect((await t.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    await expectLive(watching, bystander.id);
  });

  it('when the session reaches its absolute lifetime while the socket is open', async () => {
    const { tokens } = await customer();
    const token = tokens[0]!;
    // Started 90 days ago, less a second and a half: it ends while the socket is connected.
    await t.database.db
      .updateTable('sessions')
      .set({
        created_at: new Date(t.clock.now() - 90 * DAY_MS + 1500).toISOString(),
        last_used_at: new Date(t.clock.now()).toISOString(),
      })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const socket = await socketFor(token);
    expect(await disconnected(socket, 6000)).toBe('io server disconnect');
  });
});

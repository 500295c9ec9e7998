import { addDays } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildTestApp, type TestApp } from '../helpers/app';
import { todayOn } from '../helpers/clock';

// Per-IP limits count the client's address. Only a trusted proxy may say, in X-Forwarded-For,
// who the client is: otherwise every request could claim a fresh address and never be limited.

const BALANCER = '10.0.0.5';

/**
 * The app with that TRUST_PROXY for the tests of one describe. One at a time: each test app
 * migrates its own PostgreSQL schema, and the migrator takes another live schema's tables for
 * its own.
 */
function appWith(trustProxy: string | undefined): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({
      AUTH_RATE_LIMIT_PER_IP: 2,
      TRUST_PROXY: loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY,
    });
  });
  afterAll(() => t?.close());
  return () => t!;
}

let serial = 0;
/** A well-formed registration of a new customer, arriving from `from` with the given header. */
function register(t: TestApp, from: string, forwardedFor?: string) {
  const n = String(++serial).padStart(4, '0');
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: {
      name: 'Cliente',
      email: `proxy${n}@ejemplo.co`,
      phone: `315000${n}`,
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
}

async function statuses(requests: (() => Promise<{ statusCode: number }>)[]) {
  const out: number[] = [];
  for (const request of requests) out.push((await request()).statusCode);
  return out;
}

const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];

describe('TRUST_PROXY unset (the default)', () => {
  const app = appWith(undefined);
  it('ignores a forged X-Forwarded-For: five "different" clients from one address hit the limit of 2', async () => {
    expect(await statuses(forged.map((ip) => () => register(app(), '203.0.113.20', ip)))).toEqual([
      200, 200, 429, 429, 429,
    ]);
  });

  it('ignores it on the marketing forms too', async () => {
    const branches = (await app().app.inject('/api/branch-office')).json().results as {
      id: number;
      slug: string;
    }[];
    const terminal = branches.find((b) => b.slug === 'terminal-24h')!;
    const courtesy = (ip: string, i: number) => () =>
      app().app.inject({
        method: 'POST',
        url: '/api/courtesy-validate',
        remoteAddress: '203.0.113.21',
        headers: { 'x-forwarded-for': ip },
        payload: {
          name: 'Visita',
          phone: `300777000${i}`,
          branch_id: terminal.id,
          date_reservation: addDays(todayOn(app().clock), 1),
        },
      });
    expect(await statuses(forged.slice(0, 3).map(courtesy))).toEqual([200, 200, 429]);
  });
});

describe('TRUST_PROXY with the balancer’s address', () => {
  const app = appWith(`${BALANCER}, 192.168.50.0/24`);
  it('counts the client the balancer names, each on its own', async () => {
    expect(await statuses(forged.map((ip) => () => register(app(), BALANCER, ip)))).toEqual([
      200, 200, 200, 200, 200,
    ]);
    // The same client through the balancer is limited as itself, and so is one in a trusted range.
    expect(
      await statuses([1, 2, 3].map(() => () => register(app(), BALANCER, '198.51.100.77'))),
    ).toEqual([200, 200, 429]);
    expect(
      await statuses([1, 2, 3].map(() => () => register(app(), '192.168.50.9', '198.51.100.78'))),
    ).toEqual([200, 200, 429]);
  });

  it('takes the address the balancer appended, not one the client wrote before it', async () => {
    // The client sends "X-Forwarded-For: <anything>"; nginx appends the real address after it.
    const through = (written: string) => () =>
      register(app(), BALANCER, `${written}, 198.51.100.90`);
    expect(await statuses(['1.1.1.1', '2.2.2.2', '3.3.3.3'].map(through))).toEqual([200, 200, 429]);
  });

  it('still ignores the header from anyone who is not the balancer', async () => {
    expect(
      await statuses(forged.slice(0, 3).map((ip) => () => register(app(), '203.0.113.30', ip))),
    ).toEqual([200, 200, 429]);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  const app = appWith('1');
  it('trusts that many hops: the client is the address the nearest proxy appended', async () => {
    const through = (written: string) => () =>
      register(app(), BALANCER, `${written}, 198.51.100.91`);
    expect(await statuses(['1.1.1.1', '2.2.2.2', '3.3.3.3'].map(through))).toEqual([200, 200, 429]);
    expect((await register(app(), BALANCER, '198.51.100.92')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY values', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, ::1, fd00::/8, loopback', ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']],
  ])('reads %j', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.5/8/1', 'example.com'])(
    'refuses %j at start',
    (raw) => {
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
    },
  );
});

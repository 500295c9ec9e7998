import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { SECURITY_HEADERS } from '../../src/plugins/security';
import { buildTestApp, type TestApp } from '../helpers/app';
import { listen } from '../helpers/sockets';

// Answers with tokens or personal data must not be kept by any cache (a shared proxy, the
// browser's back/forward or disk cache on a shared phone), and Socket.IO's own HTTP answers
// must carry the same hardening headers as the rest of the server.

let t: TestApp;
let url: string;
let customer: string;
let staff: string;

const login = async (email: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: email, password_login: DEMO_PASSWORD },
    })
  ).json().access_token as string;

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  customer = await login('cliente@comanda.test');
  staff = await login('staff@comanda.test');
});
afterAll(() => t.close());

describe('Cache-Control: no-store on private answers', () => {
  it.each([
    ['POST', '/api/login', { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD }],
    ['POST', '/api/login', { email_login: 'cliente@comanda.test', password_login: 'equivocada' }],
    [
      'POST',
      '/api/register',
      {
        name: 'Nueva',
        email: 'nueva.cache@ejemplo.co',
        phone: '3125550000',
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      },
    ],
  ] as const)('%s %s', async (method, path, payload) => {
    const res = await t.app.inject({ method, url: path, payload });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/me', 'customer'],
    ['GET', '/api/cart-history', 'customer'],
    ['GET', '/api/addresses', 'customer'],
    ['GET', '/api/favorites', 'customer'],
    ['GET', '/api/orders/1', 'customer'],
    ['GET', '/api/staff/branches/1/discount-signups', 'staff'],
    ['GET', '/api/staff/branches/1/courtesy-reservations', 'staff'],
    ['POST', '/api/logout', 'customer'],
  ] as const)('%s %s, and its 401 without a token', async (method, path, who) => {
    const token = who === 'staff' ? staff : customer;
    const authed = await t.app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(authed.statusCode).toBeLessThan(500);
    expect(authed.headers['cache-control'], `${path} ${authed.statusCode}`).toBe('no-store');
    const anonymous = await t.app.inject({ method, url: path });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('covers every documented route under the private prefixes', async () => {
    const doc = (await t.app.inject('/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const privatePaths = Object.keys(doc.paths).filter((path) =>
      /^\/api\/(me|cart-history|addresses|favorites|orders|staff|login|register|logout)\b/.test(
        path,
      ),
    );
    expect(privatePaths.length).toBeGreaterThanOrEqual(10);
    for (const path of privatePaths) {
      for (const method of Object.keys(doc.paths[path]!)) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[^}]+\}/g, '1'),
        });
        expect(res.headers['cache-control'], `${method} ${path}`).toBe('no-store');
      }
    }
  });

  it('leaves the public catalogue cacheable', async () => {
    const res = await t.app.inject('/api/branch-office');
    expect(res.headers['cache-control']).not.toContain('no-store');
    expect(res.headers['cache-control']).toContain('max-age');
  });
});

describe('Socket.IO polling answers', () => {
  const expectHardened = (headers: Headers) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(headers.get(name), name).toBe(value);
    expect(headers.get('cache-control')).toBe('no-store');
  };

  it('carry the security headers on the handshake and on later polls', async () => {
    const open = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(open.status).toBe(200);
    expectHardened(open.headers);
    const sid = (JSON.parse((await open.text()).slice(1)) as { sid: string }).sid;
    const poll = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      body: '1',
    });
    expectHardened(poll.headers);
  });

  it('carry them on an error answer too', async () => {
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=desconocido`);
    expect(res.status).toBe(400);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(res.headers.get(name), name).toBe(value);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from './helpers/app';

// Every route the API documents, fed junk: no input may produce a 5xx, a stack trace or a crash.
let t: TestApp;
let token: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
  });
  token = login.json().access_token;
  const doc = (await t.app.inject('/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const junkParams = ['0', '-1', '1.5', 'abc', '%00', '%F0%9F%8D%94', 'a'.repeat(300), '99999999999999999999', "'%20or%201=1--"];
const junkBodies: unknown[] = [
  null,
  [],
  'texto',
  42,
  { a: 1 },
  { email_login: { $gt: '' }, password_login: ['x'] },
  { name: 'x'.repeat(100_000) },
  JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'),
  { nested: Array.from({ length: 50 }).reduce((acc) => ({ acc }), {}) },
];

describe('bad input on every documented route', () => {
  it('covers the API', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('never answers 5xx to junk path parameters', async () => {
    for (const route of routes) {
      for (const junk of junkParams) {
        const url = route.path.replace(/\{[^}]+\}/g, junk);
        for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
          const res = await t.app.inject({ method: route.method as 'GET', url, headers });
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          expect(res.body, `${route.method} ${url}`).not.toMatch(/at .+\.(ts|js):\d+/);
        }
      }
    }
  });

  it('never answers 5xx to junk bodies, and answers a Spanish message', async () => {
    for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))) {
      const url = route.path.replace(/\{[^}]+\}/g, '1');
      for (const body of junkBodies) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          // `{ message }` everywhere, or the spec's `{ status: false, error, errors }` of the marketing forms.
          const answer = res.json() as { message?: unknown; status?: unknown; error?: unknown; errors?: unknown };
          const spanish = typeof answer.message === 'string' || (answer.status === false && (typeof answer.error === 'string' || typeof answer.errors === 'object'));
          expect(spanish, `${route.method} ${url}: ${res.body.slice(0, 200)}`).toBe(true);
        }
      }
    }
  });

  it('answers an oversized body with 413 in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email_login: 'x'.repeat(200_000), password_login: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('El contenido enviado es demasiado grande.');
  });

  it('answers an unsupported content type with 415 in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email_login=a&password_login=b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('El tipo de contenido no es compatible.');
  });

  it('keeps prototype pollution out', () => {
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

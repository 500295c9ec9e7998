import { chainToday } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from './helpers/app';

// Every route the API documents, fed junk: no input may produce a 5xx, a stack trace or a crash.
let t: TestApp;
let token: string;
let routes: { method: string; path: string }[];
let queryRoutes: { method: string; path: string; params: QueryParam[] }[];
let tokens: Record<'customer' | 'staff' | 'admin', string>;
let staffBranchId: number;

beforeAll(async () => {
  // Junk must meet validation, not a rate limit that would hide what validation lets through.
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 100_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 100_000 });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
  });
  token = login.json().access_token;
  tokens = {
    customer: '',
    staff: await loginAs('staff@comanda.test'),
    admin: await loginAs('admin@comanda.test'),
  };
  staffBranchId = (
    await t.app.inject({
      url: '/api/staff/branches',
      headers: { authorization: `Bearer ${tokens.staff}` },
    })
  ).json<{ results: { id: number }[] }>().results[0]!.id;
  const doc = (await t.app.inject('/docs/json')).json() as {
    paths: Record<string, Record<string, { parameters?: QueryParam[] }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  queryRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        params: (operation.parameters ?? []).filter((p) => p.in === 'query'),
      }))
      .filter((route) => route.params.length > 0),
  );
});

async function loginAs(email: string): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: DEMO_PASSWORD },
  });
  return login.json<{ access_token: string }>().access_token;
}

/** Who may call a route: the back office is the admin's, the console staff's, the rest a customer's. */
const tokenFor = (path: string) =>
  path.startsWith('/api/admin')
    ? tokens.admin
    : path.startsWith('/api/staff')
      ? tokens.staff
      : tokens.customer;

interface QueryParam {
  in: string;
  name: string;
  schema?: { type?: string; enum?: string[]; pattern?: string; minimum?: number };
}

/** A well-formed value for a documented query parameter: from its schema, or by its meaning. */
function sampleFor(param: QueryParam): string {
  const byName: Record<string, string> = {
    branch_id: String(staffBranchId),
    scope: 'open',
    date: chainToday(),
    from: chainToday(),
    to: chainToday(),
    q: 'a',
    user: 'a',
    entity: 'product',
  };
  const known = byName[param.name];
  if (known !== undefined) return known;
  const schema = param.schema ?? {};
  if (schema.enum?.length) return schema.enum[0]!;
  if (schema.type === 'integer' || schema.type === 'number' || schema.pattern?.includes('[0-9]'))
    return String(Math.max(1, schema.minimum ?? 1));
  return 'a';
}
afterAll(() => t.close());

const junkParams = [
  '0',
  '-1',
  '1.5',
  'abc',
  '%00',
  '%F0%9F%8D%94',
  'a'.repeat(300),
  '99999999999999999999',
  "'%20or%201=1--",
];
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

/**
 * Bodies that would be accepted, per documented route: each of their text fields is then sent
 * with a NUL byte (PostgreSQL cannot store one) or another control character in it.
 */
const wellFormed: Record<string, Record<string, unknown>> = {
  'POST /api/login': { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
  'POST /api/register': {
    name: 'Ana',
    email: 'ana.nul@ejemplo.co',
    phone: '3101112233',
    password: 'una-clave-segura',
    password_confirmation: 'una-clave-segura',
  },
  'POST /api/addresses': {
    label: 'Casa',
    address: 'Cl. 1 #2-3',
    neighbourhood: 'Chapinero',
    city: 'Bogotá',
    notes: 'Timbre',
  },
  'PUT /api/addresses/{id}': {
    label: 'Casa',
    address: 'Cl. 1 #2-3',
    neighbourhood: 'Chapinero',
    city: 'Bogotá',
    notes: 'Timbre',
  },
  'POST /api/discount': {
    name: 'Ana',
    phone: '3001234567',
    email: 'ana@ejemplo.co',
    confirmation: 'ana@ejemplo.co',
    address: 'Cra. 7',
    source_id: 1,
    branch_id: 1,
  },
  'POST /api/courtesy-validate': {
    name: 'Ana',
    phone: '3001234567',
    branch_id: 1,
    date_reservation: '2030-01-01',
  },
  'POST /api/staff/orders/{id}/status': { status: 'accepted' },
};
/** Every text field name the API reads, for routes without a well-formed body above. */
const everyField = Object.fromEntries(
  [...new Set(Object.values(wellFormed).flatMap((body) => Object.keys(body)))].map((field) => [
    field,
    'a\u0000b',
  ]),
);

describe('bad input on every documented route', () => {
  it('covers the API', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('never answers 5xx to junk path parameters', async () => {
    // A route's junk requests side by side: each is independent, and one after another the
    // whole contract's routes took most of the test's time limit on a busy machine.
    for (const route of routes) {
      const requests = junkParams.flatMap((junk) =>
        [{}, { authorization: `Bearer ${token}` }].map(async (headers) => {
          const url = route.path.replace(/\{[^}]+\}/g, junk);
          const res = await t.app.inject({ method: route.method as 'GET', url, headers });
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          expect(res.body, `${route.method} ${url}`).not.toMatch(/at .+\.(ts|js):\d+/);
        }),
      );
      await Promise.all(requests);
    }
  }, 90_000);

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
        expect(
          res.statusCode,
          `${route.method} ${url} ${JSON.stringify(body).slice(0, 60)}`,
        ).toBeLessThan(500);
        if (res.statusCode >= 400) {
          // `{ message }` everywhere, or the contract's `{ status: false, error, errors }` of the marketing forms.
          const answer = res.json() as {
            message?: unknown;
            status?: unknown;
            error?: unknown;
            errors?: unknown;
          };
          const spanish =
            typeof answer.message === 'string' ||
            (answer.status === false &&
              (typeof answer.error === 'string' || typeof answer.errors === 'object'));
          expect(spanish, `${route.method} ${url}: ${res.body.slice(0, 200)}`).toBe(true);
        }
      }
    }
  });

  it('answers a NUL byte or another control character in any text field with a 4xx, never a 5xx', async () => {
    for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))) {
      const url = route.path.replace(/\{[^}]+\}/g, '1');
      const sample = wellFormed[`${route.method} ${route.path}`];
      const bodies = sample
        ? Object.entries(sample)
            .filter(([, value]) => typeof value === 'string')
            .flatMap(([field, value]) =>
              ['\u0000', '\u0007', '\u001b'].map((c) => ({
                ...sample,
                [field]: `${String(value).slice(0, 2)}${c}${String(value).slice(2)}`,
              })),
            )
        : [everyField];
      for (const body of bodies) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const label = `${route.method} ${url} ${JSON.stringify(body)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        // A text field that carries a control character is refused, unless the route ignores it.
        if (sample && route.path !== '/api/staff/orders/{id}/status')
          expect(res.statusCode, label).toBe(400);
      }
    }
  });

  it('refuses a NUL byte in every query parameter of every route with a 400, as the one allowed to call it', async () => {
    // Each route is called first with well-formed values (the control: it must succeed, or the
    // NUL below would only meet a refusal of something else), then once per parameter with a
    // NUL in it, alone and inside an otherwise valid value. Text goes through the same
    // safe-text rule as bodies; PostgreSQL refuses NUL outright, which used to be a 500.
    // A session of its own: the junk above logs the shared one out (POST /api/logout).
    tokens.customer = await loginAs('cliente@comanda.test');
    const exercised: string[] = [];
    for (const route of queryRoutes) {
      const valid = Object.fromEntries(route.params.map((param) => [param.name, sampleFor(param)]));
      const call = (query: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url: `${route.path.replace(/\{[^}]+\}/g, String(staffBranchId))}?${new URLSearchParams(query).toString()}`,
          headers: { authorization: `Bearer ${tokenFor(route.path)}` },
        });
      // An upload needs its file: its control is the refusal of the missing file, not of the query.
      if (route.method === 'GET')
        expect(
          (await call(valid)).statusCode,
          `${route.method} ${route.path} ${JSON.stringify(valid)}`,
        ).toBe(200);
      for (const param of route.params) {
        for (const value of [
          '\u0000',
          `${valid[param.name]}\u0000`,
          `\u0000${valid[param.name]}`,
        ]) {
          const res = await call({ ...valid, [param.name]: value });
          const label = `${route.method} ${route.path} ${param.name}=${JSON.stringify(value)}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBe(400);
          expect(typeof res.json<{ message?: unknown }>().message, label).toBe('string');
        }
        exercised.push(`${route.path}?${param.name}`);
      }
    }
    // The searches that reach the database's text comparisons are among them.
    expect(exercised).toEqual(
      expect.arrayContaining([
        '/api/staff/branches/{id}/orders?q',
        '/api/admin/audit?q',
        '/api/admin/products?q',
        '/api/admin/branches?q',
        '/api/admin/records/discount-signups?q',
      ]),
    );
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

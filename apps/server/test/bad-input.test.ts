import { MESSAGES, SERVER_MESSAGES } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from './helpers/app';
import { todayOn } from './helpers/clock';
import {
  bodySchemaOf,
  documentedRoutes,
  loginAs as loginOn,
  readDocument,
  roleFor,
  sampleQuery,
  type DocumentedParam,
  type Role,
} from './helpers/documented-routes';

// Every route the API documents, fed junk: no input may produce a 5xx, a stack trace or a crash.
let t: TestApp;
let token: string;
let routes: { method: string; path: string }[];
let queryRoutes: { method: string; path: string; params: DocumentedParam[] }[];
let tokens: Record<Role, string>;
let staffBranchId: number;
/** The routes whose JSON body is an object of named fields. */
let objectBodyRoutes: { method: string; path: string }[];

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
    courier: await loginAs('reparto@comanda.test'),
    admin: await loginAs('admin@comanda.test'),
  };
  staffBranchId = (
    await t.app.inject({
      url: '/api/staff/branches',
      headers: { authorization: `Bearer ${tokens.staff}` },
    })
  ).json<{ results: { id: number }[] }>().results[0]!.id;
  const document = await readDocument(t.app);
  const documented = documentedRoutes(document);
  routes = documented.map(({ method, path }) => ({ method, path }));
  objectBodyRoutes = documented
    .filter(({ operation }) => bodySchemaOf(document, operation)?.properties !== undefined)
    .map(({ method, path }) => ({ method, path }));
  queryRoutes = documented
    .map(({ method, path, operation }) => ({
      method,
      path,
      params: (operation.parameters ?? []).filter((p) => p.in === 'query'),
    }))
    .filter((route) => route.params.length > 0);
});

const loginAs = (email: string) => loginOn(t.app, email);

/** Who may call a route: the back office is the admin's, the console staff's, the rest a customer's. */
const tokenFor = (path: string) => tokens[roleFor(path)];

/** A well-formed value for a documented query parameter (the chain's today for a day). */
const sampleFor = (param: DocumentedParam) =>
  sampleQuery(param, { branchId: staffBranchId, today: todayOn(t.clock) });
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

  it('refuses a NUL byte in every query parameter of every route, and the parameter repeated, with a 400, as the one allowed to call it', async () => {
    // Each route is called first with well-formed values (the control: it must succeed, or the
    // NUL below would only meet a refusal of something else), then once per parameter with a
    // NUL in it, alone and inside an otherwise valid value. Text goes through the same
    // safe-text rule as bodies; PostgreSQL refuses NUL outright, which used to be a 500.
    // A session of its own: the junk above logs the shared one out (POST /api/logout).
    tokens.customer = await loginAs('cliente@comanda.test');
    const exercised: string[] = [];
    for (const route of queryRoutes) {
      const valid = Object.fromEntries(route.params.map((param) => [param.name, sampleFor(param)]));
      const call = (query: Record<string, string>, repeated = '') =>
        t.app.inject({
          method: route.method as 'GET',
          url: `${route.path.replace(/\{[^}]+\}/g, String(staffBranchId))}?${new URLSearchParams(query).toString()}${repeated}`,
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
        // docs/security.md 5.1.1: a parameter sent twice is a list, which no parameter takes.
        const twice = await call(valid, `&${param.name}=${encodeURIComponent(valid[param.name]!)}`);
        expect(twice.statusCode, `${route.method} ${route.path} ${param.name} twice`).toBe(400);
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

  it('refuses a body field the route does not take, on every documented route, naming it (nothing is ignored)', async () => {
    // docs/security.md 5.1.1: a field the body does not name fails, at the top (errors.<field>)
    // and nested (the message under the field that holds it names the path). The rule is one
    // place, lib/strict-body.ts applied by route(); the document says additionalProperties: false.
    tokens.customer = await loginAs('cliente@comanda.test');
    expect(objectBodyRoutes.length).toBeGreaterThan(50);
    for (const route of objectBodyRoutes) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: route.path.replace(/\{[^}]+\}/g, String(staffBranchId)),
        headers: { authorization: `Bearer ${tokens[roleFor(route.path)]}` },
        payload: { zz_desconocido: 1 },
      });
      const label = `${route.method} ${route.path}: ${res.body.slice(0, 300)}`;
      expect(res.statusCode, label).toBe(400);
      const answer = res.json<{ status?: boolean; errors?: Record<string, string[]> }>();
      // The marketing forms answer in the contract's own `{ status: false, … }` from their own
      // parse of the body: refused too, but the unknown field is not among the fields they name.
      if (answer.status === false) continue;
      expect(answer.errors?.zz_desconocido, label).toEqual([SERVER_MESSAGES.unknownField]);
    }
    // The same signup is taken without the extra field (the control) and refused with it.
    const signUp = (email: string, extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/discount',
        payload: { ...wellFormed['POST /api/discount'], email, confirmation: email, ...extra },
      });
    const taken = await signUp('sin.extra@ejemplo.co', {});
    expect(taken.statusCode, taken.body).toBe(200);
    const refused = await signUp('con.extra@ejemplo.co', { is_admin: true });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ status: false, error: MESSAGES.invalidBody });
    const nested = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/branches/${staffBranchId}/hours`,
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: { hours: [{ weekday: 1, opens: '10:00', closes: '22:00', user_id: 1 }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors).toEqual({
      hours: [`${SERVER_MESSAGES.unknownField} (hours.0.user_id)`],
    });
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

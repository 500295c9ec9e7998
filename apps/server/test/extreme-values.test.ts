import { addDays, DAY_MAX, DAY_MIN, INT32_MAX } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { todayOn } from './helpers/clock';
import {
  bodySchemaOf,
  DEMO_EMAILS,
  documentedRoutes,
  loginAs,
  readDocument,
  resolved,
  roleFor,
  sampleQuery,
  type ApiDocument,
  type DocumentedRoute,
  type JsonSchema,
  type Role,
} from './helpers/documented-routes';

// The contract's own edges, on every route the API document describes (decision 074): each
// number and day of each path, query and body sent at its documented minimum and maximum and one
// past each, and each day as a day that does not exist or that PostgreSQL's timestamps cannot
// reach. Called by the one allowed to (an admin; staff too on the console's routes; a courier on
// theirs), with every other input well-formed, so the value reaches as far as it can. No answer
// may be a 5xx: a number the contract takes fits its column, a day it takes fits a timestamp.

let t: TestApp;
let document: ApiDocument;
let routes: DocumentedRoute[];
const tokens = {} as Record<Role, string>;
let staffBranchId: number;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 100_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 100_000 });
  for (const role of Object.keys(DEMO_EMAILS) as Role[])
    tokens[role] = await loginAs(t.app, DEMO_EMAILS[role]);
  staffBranchId = (
    await t.app.inject({
      url: '/api/staff/branches',
      headers: { authorization: `Bearer ${tokens.staff}` },
    })
  ).json<{ results: { id: number }[] }>().results[0]!.id;
  document = await readDocument(t.app);
  routes = documentedRoutes(document);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// What a field is, and its edges
// ---------------------------------------------------------------------------------------------

/** A path id's own pattern (idParamSchema): 1 to 999 999 999. */
const ID_PATTERN = '^[1-9][0-9]{0,8}$';

/** Days that are no day, or beyond what a timestamp (or the rule) holds. */
const EXTREME_DAYS = [
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  DAY_MIN,
  DAY_MAX,
  addDays(DAY_MIN, -1),
  addDays(DAY_MAX, 1),
];

/** The schema as one type: the first option of a union that is not null. */
function effective(schema: JsonSchema | undefined): JsonSchema {
  const plain = resolved(document, schema);
  const options = plain.anyOf ?? plain.oneOf;
  if (!options) return plain;
  const chosen = options.map((option) => resolved(document, option)).find((o) => o.type !== 'null');
  return chosen ? effective(chosen) : plain;
}

const isLiteral = (schema: JsonSchema) => schema.const !== undefined || Boolean(schema.enum);
const isNumber = (schema: JsonSchema) =>
  (schema.type === 'integer' || schema.type === 'number') && !isLiteral(schema);
const isDay = (schema: JsonSchema) => schema.type === 'string' && schema.format === 'date';
const isPathId = (schema: JsonSchema) => schema.type === 'string' && schema.pattern === ID_PATTERN;

/** The least and the most a number takes (OpenAPI 3.0's boolean exclusive bounds included). */
function bounds(schema: JsonSchema): { min?: number; max?: number } {
  const step = schema.type === 'integer' ? 1 : 0.5;
  const min =
    schema.minimum === undefined
      ? undefined
      : schema.exclusiveMinimum === true
        ? schema.minimum + step
        : schema.minimum;
  const max =
    schema.maximum === undefined
      ? undefined
      : schema.exclusiveMaximum === true
        ? schema.maximum - step
        : schema.maximum;
  return { min, max };
}

/** The values sent for one field: its edges and one past each (the int32 edges when it has none). */
function extremesOf(schema: JsonSchema): unknown[] {
  if (isDay(schema)) return EXTREME_DAYS;
  if (isPathId(schema)) return ['0', '1', '999999999', '1000000000', String(INT32_MAX + 1)];
  const { min = -INT32_MAX - 1, max = INT32_MAX } = bounds(schema);
  return [min, min - 1, max, max + 1];
}

// ---------------------------------------------------------------------------------------------
// Well-formed values for everything else
// ---------------------------------------------------------------------------------------------

/** Text that fits common fields by their name, then by their pattern. */
const TEXT_BY_NAME: Record<string, string> = {
  email: 'extremos@ejemplo.co',
  confirmation: 'extremos@ejemplo.co',
  email_login: 'admin@comanda.test',
  password: 'clave-de-prueba-extrema-2026',
  password_confirmation: 'clave-de-prueba-extrema-2026',
  image: '/images/extremos.webp',
  photo: '/images/extremos.webp',
  color: '#b3261e',
  host: '192.168.1.50',
  opens: '10:00',
  closes: '22:00',
  from: '10:00',
  to: '22:00',
};
const PATTERN_CANDIDATES = ['1', '10:00', '3001234567', 'ticket', '#b3261e', '0123456789abcdef'];

function sampleText(name: string, schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'date') return todayOn(t.clock);
  if (schema.format === 'email') return TEXT_BY_NAME.email!;
  const named = TEXT_BY_NAME[name];
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    if (named !== undefined && pattern.test(named)) return named;
    const fitting = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (fitting) return fitting;
  }
  return named ?? 'Prueba'.padEnd(schema.minLength ?? 1, 'a');
}

/**
 * A well-formed value for `schema`, with `focus` (a path inside it) present: an array is empty
 * unless it must have items or the focus goes into it; an object has every field it documents.
 */
function sample(
  schema: JsonSchema | undefined,
  name = '',
  focus: (string | number)[] = [],
): unknown {
  const plain = effective(schema);
  if (plain.const !== undefined) return plain.const;
  if (plain.enum?.length) return plain.enum[0];
  if (plain.properties) {
    return Object.fromEntries(
      Object.entries(plain.properties).map(([key, field]) => [
        key,
        sample(field, key, focus[0] === key ? focus.slice(1) : []),
      ]),
    );
  }
  if (plain.type === 'array') {
    const count = Math.max(plain.minItems ?? 0, focus.length > 0 ? 1 : 0);
    return Array.from({ length: count }, () => sample(plain.items, name, focus.slice(1)));
  }
  if (plain.type === 'boolean') return true;
  if (plain.type === 'integer' || plain.type === 'number') {
    if (name === 'branch_id') return staffBranchId;
    const { min, max } = bounds(plain);
    return Math.min(Math.max(1, min ?? 1), max ?? Infinity);
  }
  if (plain.type === 'string') return sampleText(name, plain);
  return null;
}

/** Every number and day inside a body: its path (0 for an array's item) and its schema. */
function leaves(schema: JsonSchema | undefined, path: (string | number)[] = []) {
  const plain = effective(schema);
  if (plain.properties)
    return Object.entries(plain.properties).flatMap(
      ([key, field]): { path: (string | number)[]; schema: JsonSchema }[] =>
        leaves(field, [...path, key]),
    );
  if (plain.type === 'array') return leaves(plain.items, [...path, 0]);
  return isNumber(plain) || isDay(plain) ? [{ path, schema: plain }] : [];
}

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The requests
// ---------------------------------------------------------------------------------------------

interface Input {
  /** Where the value goes: `path:id`, `query:date`, `body:hours.0.weekday`. */
  where: string;
  values: unknown[];
  /** The request with `value` in its place (every other input well-formed). */
  build: (value: unknown) => { url: string; payload?: unknown };
}

/** Every numeric and date input of a route, each able to build its request. */
function inputsOf(route: DocumentedRoute): Input[] {
  const params = route.operation.parameters ?? [];
  const pathValues = Object.fromEntries(
    params
      .filter((p) => p.in === 'path')
      .map((p) => [
        p.name,
        route.path.includes('/branches/{id}') && p.name === 'id' ? String(staffBranchId) : '1',
      ]),
  );
  const queryValues = Object.fromEntries(
    params
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, sampleQuery(p, { branchId: staffBranchId, today: todayOn(t.clock) })]),
  );
  const bodySchema = bodySchemaOf(document, route.operation);
  const body = bodySchema && sample(bodySchema);
  const url = (path: Record<string, string>, query: Record<string, string>) => {
    const search = new URLSearchParams(query).toString();
    const filled = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(path[name]!),
    );
    return search ? `${filled}?${search}` : filled;
  };
  const fromParams = params
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => ({ param: p, schema: effective(p.schema) }))
    .filter(({ schema }) => isNumber(schema) || isDay(schema) || isPathId(schema))
    .map(({ param, schema }) => ({
      where: `${param.in}:${param.name}`,
      values: extremesOf(schema),
      build: (value: unknown) =>
        param.in === 'path'
          ? { url: url({ ...pathValues, [param.name]: String(value) }, queryValues), payload: body }
          : {
              url: url(pathValues, { ...queryValues, [param.name]: String(value) }),
              payload: body,
            },
    }));
  const fromBody = leaves(bodySchema).map((leaf) => ({
    where: `body:${leaf.path.join('.')}`,
    values: extremesOf(leaf.schema),
    build: (value: unknown) => ({
      url: url(pathValues, queryValues),
      payload: withValue(sample(bodySchema, '', leaf.path), leaf.path, value),
    }),
  }));
  return [...fromParams, ...fromBody];
}

/** Who calls a route: an admin always; the console's staff and a courier on their own routes. */
const callersOf = (path: string): Role[] =>
  roleFor(path) === 'staff'
    ? ['admin', 'staff']
    : roleFor(path) === 'courier'
      ? ['courier']
      : ['admin'];

/** A call as `role`, logging in again if an earlier call ended that session (a logout). */
async function call(role: Role, method: string, request: { url: string; payload?: unknown }) {
  const send = () =>
    t.app.inject({
      method: method as 'POST',
      url: request.url,
      headers: { authorization: `Bearer ${tokens[role]}` },
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  const first = await send();
  if (first.statusCode !== 401) return first;
  tokens[role] = await loginAs(t.app, DEMO_EMAILS[role]);
  return send();
}

// ---------------------------------------------------------------------------------------------

describe("the contract's own extreme values", () => {
  it('every integer an input takes fits a 32-bit column, and every number has bounds', () => {
    const unbounded: string[] = [];
    for (const route of routes) {
      for (const input of inputsOf(route)) {
        const numbers = input.values.filter((value): value is number => typeof value === 'number');
        const [min, , max] = numbers;
        if (min !== undefined && (min < -INT32_MAX - 1 || max! > INT32_MAX))
          unbounded.push(`${route.method} ${route.path} ${input.where}`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('documents every day an input takes as a date (so the edges below reach it)', () => {
    const days = routes.flatMap((route) =>
      inputsOf(route)
        .filter((input) => input.values === EXTREME_DAYS)
        .map((input) => `${route.method} ${route.path} ${input.where}`),
    );
    expect(days).toEqual(
      expect.arrayContaining([
        'GET /api/branches/{id}/slots query:date',
        'GET /api/staff/branches/{id}/summary query:date',
        'GET /api/staff/branches/{id}/orders query:date',
        'GET /api/staff/branches/{id}/day.csv query:date',
        'GET /api/staff/branches/{id}/shifts query:date',
        'PUT /api/admin/branches/{id}/exceptions body:exceptions.0.date',
        'POST /api/admin/banners body:active_from',
        'GET /api/admin/payments query:from',
        'GET /api/admin/insights/sales query:to',
        'GET /api/admin/records/discount-signups query:from',
        'POST /api/courtesy-validate body:date_reservation',
      ]),
    );
  });

  it('answers each at its edges and one past them, as each role allowed to call, never with a 5xx', async () => {
    /** What went past validation with the maximum: the well-formed rest of the request held. */
    const reached = new Set<string>();
    let sent = 0;
    for (const route of routes) {
      for (const input of inputsOf(route)) {
        for (const role of callersOf(route.path)) {
          // One input's values side by side: each request stands alone.
          await Promise.all(
            input.values.map(async (value, i) => {
              const res = await call(role, route.method, input.build(value));
              sent += 1;
              const label = `${role} ${route.method} ${route.path} ${input.where}=${JSON.stringify(value)}`;
              expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
              if (i === 2 && res.statusCode !== 400)
                reached.add(`${route.method} ${route.path} ${input.where}`);
            }),
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    // The audit's findings: a version of 2^31 − 1 reaches the version check (409, stale) on each.
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/branches/{id}/hours body:version',
        'PUT /api/admin/branches/{id}/capacity body:version',
        'PUT /api/admin/branches/{id}/exceptions body:version',
        'PUT /api/admin/branches/{id}/zones body:version',
        'PUT /api/admin/branches/{id}/visibility body:version',
        'DELETE /api/admin/brand/logo query:version',
        'PUT /api/admin/payment-types/{id} body:version',
        'PUT /api/admin/categories/{id} body:version',
        'PUT /api/admin/products/{id}/visibility body:version',
        'PUT /api/admin/branches/{id}/products/{productId} body:version',
      ]),
    );
  }, 120_000);
});

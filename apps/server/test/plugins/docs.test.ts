import Fastify, { type FastifySchema, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { docsAccess, loadConfig } from '../../src/config';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { docsPlugin } from '../../src/plugins/docs';
import { buildTestApp, type TestApp } from '../helpers/app';
import { checkContract, contractChecker } from '../helpers/contract';

type Responses = Record<
  string,
  { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> }
>;
interface Document {
  paths: Record<
    string,
    Record<string, { responses: Responses; requestBody?: unknown; parameters?: unknown }>
  >;
}

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject('/docs/json')).json<Document>();
});

afterAll(async () => {
  await t.close();
});

const statuses = (path: string, method: string) =>
  Object.keys(document.paths[path]![method]!.responses);

/** A made-up answer, as `app.inject` would give it. */
const answer = (statusCode: number, body: string, headers: Record<string, string>) =>
  ({ statusCode, headers, rawPayload: Buffer.from(body) }) as unknown as LightMyRequestResponse;

describe('the API document lists every answer a route can give', () => {
  it('every documented route may answer 500, and 503 with a required Retry-After', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses, `${method} ${path}`).toHaveProperty('500');
        expect(
          operation.responses['503']?.headers?.['retry-after']?.required,
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('from the route: guard → 401/403 (404 with a branch), body → 400/413/415, path parameter → 414, cached GET → 304 without body', () => {
    expect(statuses('/api/staff/branches/{id}/pause', 'put')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '414', '415', '503']),
    );
    expect(statuses('/api/admin/audit', 'get')).toEqual(expect.arrayContaining(['401', '403']));
    expect(statuses('/api/me', 'get')).toContain('401');
    expect(statuses('/api/login', 'post')).toEqual(
      expect.arrayContaining(['400', '413', '415', '429']),
    );
    expect(statuses('/api/login', 'post')).not.toContain('401');
    expect(statuses('/api/branch-office', 'get')).toEqual(['200', '304', '500', '503']);
    expect(document.paths['/api/branch-office']!.get!.responses['304']!.content).toBeUndefined();
    expect(
      document.paths['/api/login']!.post!.responses['429']!.headers?.['retry-after']?.required,
    ).toBe(true);
  });

  it("another app's document is the same, whatever was done to the first one's objects", async () => {
    // The zod conversions are made once per process and shared by every app's document.
    const before = JSON.stringify(t.app.swagger());
    const scribble = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      for (const value of Object.values(node)) scribble(value);
      if (!Array.isArray(node)) (node as Record<string, unknown>)['x-scribbled'] = true;
    };
    const [first, second] = [await buildTestApp(), await buildTestApp()];
    try {
      const paths = (first.app.swagger() as unknown as Document).paths;
      for (const operation of Object.values(paths).flatMap(Object.values))
        scribble([operation.responses, operation.requestBody, operation.parameters]);
      expect(JSON.stringify(second.app.swagger())).toBe(before);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('describes the CSV exports as text/csv', () => {
    expect(
      Object.keys(
        document.paths['/api/admin/records/discount-signups.csv']!.get!.responses['200']!.content!,
      ),
    ).toEqual(['text/csv']);
    expect(
      Object.keys(document.paths['/api/admin/menu.csv']!.get!.responses['200']!.content!),
    ).toEqual(['text/csv']);
  });

  it('every error says it is JSON', async () => {
    const answers = await Promise.all([
      t.app.inject('/api/me'),
      t.app.inject('/api/category/no-existe/1'),
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      t.app.inject(`/api/category/${'a'.repeat(300)}/1`),
      t.app.inject('/api/no-such-route'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([401, 404, 400, 414, 404]);
    for (const res of answers) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('the contract check refuses what the document does not say', () => {
  it('a body without Content-Type, an unlisted status, a body off its schema, a missing Retry-After', () => {
    const check = contractChecker(document as never);
    expect(check('GET', '/api/me', answer(401, '{"message":"x"}', {}))).toContain(
      'answers a body without Content-Type',
    );
    expect(
      check(
        'GET',
        '/api/banner',
        answer(401, '{"message":"x"}', { 'content-type': 'application/json' }),
      )[0],
    ).toMatch(/^status 401 is not documented for GET \/api\/banner/);
    expect(
      check(
        'GET',
        '/api/me',
        answer(401, '{"mensaje":"x"}', { 'content-type': 'application/json' }),
      )[0],
    ).toMatch(/^401 body does not match the documented schema/);
    expect(
      check(
        'GET',
        '/api/me',
        answer(503, '{"message":"x"}', { 'content-type': 'application/json' }),
      ),
    ).toEqual(['503 without its documented retry-after header']);
    expect(check('GET', '/api/banner', answer(304, '', {}))).toEqual([]);
    expect(
      check('GET', '/api/me', answer(401, '{"message":"x"}', { 'content-type': 'text/html' }))[0],
    ).toMatch(/^401 answers text\/html/);
  });

  it('makes the inject that received such an answer reject', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(docsPlugin);
    const schema: FastifySchema = { response: { 200: z.object({ ok: z.boolean() }) } };
    app.get('/api/teapot', { schema }, (_request, reply) => reply.code(418).send({ ok: false }));
    await app.ready();
    checkContract(app);
    try {
      await expect(app.inject('/api/teapot')).rejects.toThrow(
        /GET \/api\/teapot → 418: the answer breaks the API document:\n- status 418 is not documented/,
      );
    } finally {
      await app.close();
    }
  });
});

describe('who reads the document (DOCS)', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const documentPaths = (res: LightMyRequestResponse) =>
    Object.keys(res.json<Document>().paths).length;

  it('public (the default outside production): anyone reads /docs/json and the page', async () => {
    expect(docsAccess(loadConfig({ NODE_ENV: 'development' }))).toBe('public');
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(documentPaths(res)).toBeGreaterThan(100);
    expect([200, 302]).toContain((await t.app.inject('/docs')).statusCode);
  });

  it("admin: only an admin's session; nobody else learns a route from it", async () => {
    const admin = await buildTestApp({ DOCS: 'admin' });
    try {
      const token = async (email: string) =>
        (
          await admin.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email_login: email, password_login: DEMO_PASSWORD },
          })
        ).json<{ access_token: string }>().access_token;
      for (const url of ['/docs/json', '/docs', '/docs/yaml']) {
        const anonymous = await admin.app.inject(url);
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.body, url).not.toContain('/api/admin');
      }
      for (const email of ['cliente@comanda.test', 'staff@comanda.test']) {
        const refused = await admin.app.inject({
          url: '/docs/json',
          headers: bearer(await token(email)),
        });
        expect(refused.statusCode, email).toBe(403);
        expect(refused.body, email).not.toContain('/api/admin');
      }
      const allowed = await admin.app.inject({
        url: '/docs/json',
        headers: bearer(await token('admin@comanda.test')),
      });
      expect(allowed.statusCode).toBe(200);
      expect(documentPaths(allowed)).toBe(Object.keys(document.paths).length);
    } finally {
      await admin.close();
    }
  });

  it('off (the default in production): no /docs at all, for an admin too; the API still answers', async () => {
    expect(docsAccess(loadConfig({ NODE_ENV: 'production' }))).toBe('off');
    expect(docsAccess(loadConfig({ NODE_ENV: 'production', DOCS: 'admin' }))).toBe('admin');
    expect(() => loadConfig({ DOCS: 'private' })).toThrow(/DOCS/);
    const off = await buildTestApp({ DOCS: 'off' });
    try {
      const login = await off.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email_login: 'admin@comanda.test', password_login: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const headers = bearer(login.json<{ access_token: string }>().access_token);
      for (const url of ['/docs/json', '/docs', '/docs/static/index.html']) {
        const res = await off.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('/api/admin');
      }
      expect((await off.app.inject({ url: '/api/admin/audit', headers })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

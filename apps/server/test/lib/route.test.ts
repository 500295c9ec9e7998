import { ACCOUNT_MESSAGES, errorMessageSchema, type Route } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config';
import { route, type RouteOptions } from '../../src/lib/route';
import { emptyInMemoryDatabase, openTestDatabase, type TestDatabase } from '../helpers/database';
import { bearer, login } from '../helpers/ordering';

// route() installs the guard its entry's access declares (decision 063): a route says nothing
// about who may call it. These entries are made up for the test, registered as a module would.

const tags = ['Prueba'];
const mine = {
  method: 'GET',
  path: '/api/test/mine',
  tags,
  access: 'user',
  summary: 'La cuenta de quien llama',
  responses: { 200: z.object({ id: z.number() }), 401: errorMessageSchema },
} as const satisfies Route;
const onBranch = {
  method: 'GET',
  path: '/api/test/branches/:id',
  tags,
  access: { roles: ['staff', 'admin'], branch: true },
  summary: 'Una sede',
  params: z.object({ id: z.coerce.number() }),
  responses: { 200: z.object({ id: z.number() }) },
} as const satisfies Route;

/** A customer endpoint with no guard of its own: it reads the user only if there is one. */
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, mine, {}, async (request) => ({ id: request.user?.id ?? 0 }));
};

let app: App;
let target: TestDatabase;

beforeAll(async () => {
  const database = await openTestDatabase();
  target = database.target;
  app = await buildApp({
    config: testConfig({ WEB_DIST: '/nonexistent-web-dist' }),
    database: database.handle,
    logger: false,
  });
  await app.register(testRoutes, { prefix: '/api' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await target.drop().catch(() => undefined);
});

describe('route()', () => {
  it("guards an endpoint marked `user` from its entry alone: 401 without a token, the caller's answer with one", async () => {
    const anonymous = await app.inject('/api/test/mine');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: ACCOUNT_MESSAGES.unauthorized });

    const token = await login(app, 'cliente@comanda.test');
    const signedIn = await app.inject({ url: '/api/test/mine', headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ id: number }>().id).toBeGreaterThan(0);
  });

  it('documents the token the entry asks for', async () => {
    const document = (await app.inject('/docs/json')).json<{
      paths: Record<string, { get: { security?: unknown; responses: Record<string, unknown> } }>;
    }>();
    const operation = document.paths['/api/test/mine']!.get;
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation.responses)).toContain('401');
  });

  it('takes no guard from the route: its options have no preHandler, and a branch says how to find it', () => {
    expectTypeOf<RouteOptions<typeof mine>>().not.toHaveProperty('preHandler');
    expectTypeOf<RouteOptions<typeof onBranch>>().not.toHaveProperty('preHandler');
    expectTypeOf<RouteOptions<typeof onBranch>>().toHaveProperty('branch');
    expectTypeOf<RouteOptions<typeof onBranch>>().toHaveProperty('notFound');
  });

  it('refuses an entry without a declared access, and a branch entry whose route does not find the branch', async () => {
    const other = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent-web-dist' }),
      database: await emptyInMemoryDatabase(),
      logger: false,
    });
    try {
      const { access: _access, ...undeclared } = mine;
      await other.register(
        async (child) => {
          expect(() =>
            route(child, undeclared as typeof mine, {}, async () => ({ id: 0 })),
          ).toThrow(/declares no access/);
          expect(() =>
            // @ts-expect-error a branch entry's route must say how to find its branch
            route(child, onBranch, {}, async () => ({ id: 0 })),
          ).toThrow(/must find it/);
        },
        { prefix: '/api' },
      );
      await other.ready();
    } finally {
      await other.close();
    }
  });
});

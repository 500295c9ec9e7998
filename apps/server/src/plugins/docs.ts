import { conflictSchema, errorMessageSchema, fieldErrorsSchema, needsToken } from '@comanda/shared';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { DocsAccess } from '../config';
import { RETRY_AFTER_SECONDS } from '../lib/db-unavailable';
import { answerJsonSchema, routeJsonSchemas } from './docs/json-schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers 304 without a body to an If-None-Match naming its ETag (sendCached). */
    conditionalGet?: boolean;
    /**
     * Set by the authorization plugin on staff and admin routes: 401 and 403 on arrival, and 404
     * when the guard resolves a branch from something the request names.
     */
    guarded?: { branch: boolean };
  }
}

/** The methods whose requests Fastify reads a body for: each may fail to parse or be too large. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Standard = { status: number; schema: ZodType; description: string };

const retryAfter = {
  'retry-after': {
    type: 'integer',
    description: 'Segundos que conviene esperar antes de reintentar',
  },
};

/**
 * The answers a route can give besides its own, from what the route is rather than from each
 * route file: its guard (authorization plugin), its token requirement, its input schemas, the
 * methods with a body, a conditional GET, and the error handler every route shares
 * (plugins/errors.ts). A route's own declaration of a status wins over these.
 */
/** Whether a body schema has a `version` field (a zod object, refinements included). */
function carriesVersion(body: unknown): boolean {
  const shape = (body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && 'version' in shape);
}

/** What decides a route's standard answers: its input, its guard, its version. */
function traitsOf(route: RouteOptions, schema: Record<string, unknown>) {
  const methods = [route.method].flat().map((method) => method.toUpperCase());
  const guarded = route.config?.guarded;
  const access = route.config?.access;
  const hasBody = methods.some((method) => BODY_METHODS.has(method));
  return {
    hasBody,
    hasInput: hasBody || Boolean(schema.querystring || schema.params || schema.body),
    // The router refuses a path parameter longer than its limit before any route sees it.
    hasPathParams: route.url.includes(':'),
    // The entry's access (decision 063): what route() guards the route with.
    needsToken: Boolean(guarded || (access !== undefined && needsToken(access))),
    guarded: Boolean(guarded),
    guardsBranch: Boolean(guarded?.branch),
    // A body that carries the version it was read at (the back office's writes, decision 032):
    // a stale one answers 409 with the entity as it is now.
    carriesVersion: carriesVersion(schema.body),
  };
}

type Traits = ReturnType<typeof traitsOf>;

/** Every standard answer, in the document's order, with the routes it applies to. */
const STANDARD: (Standard & { when: (t: Traits) => boolean })[] = [
  {
    when: (t) => t.hasInput,
    status: 400,
    schema: fieldErrorsSchema,
    description: 'Datos inválidos: `{ message, errors? }`',
  },
  {
    when: (t) => t.hasPathParams,
    status: 414,
    schema: errorMessageSchema,
    description: 'Un parámetro de la ruta es demasiado largo',
  },
  {
    when: (t) => t.needsToken,
    status: 401,
    schema: errorMessageSchema,
    description: 'Sin sesión válida',
  },
  {
    when: (t) => t.guarded,
    status: 403,
    schema: errorMessageSchema,
    description: 'El rol o la sede no permiten esta acción',
  },
  {
    when: (t) => t.guardsBranch,
    status: 404,
    schema: errorMessageSchema,
    description: 'No existe',
  },
  {
    when: (t) => t.carriesVersion,
    status: 409,
    schema: conflictSchema,
    description: 'Otra persona lo cambió desde que se leyó: `{ message, current }`',
  },
  {
    when: (t) => t.hasBody,
    status: 413,
    schema: errorMessageSchema,
    description: 'El cuerpo supera el límite',
  },
  {
    when: (t) => t.hasBody,
    status: 415,
    schema: errorMessageSchema,
    description: 'Tipo de contenido no admitido',
  },
  { when: () => true, status: 500, schema: errorMessageSchema, description: 'Error inesperado' },
  {
    when: () => true,
    status: 503,
    schema: errorMessageSchema,
    description: 'La base de datos no puede responder ahora: reintentar tras Retry-After',
  },
];

function standardResponses(route: RouteOptions, schema: Record<string, unknown>): Standard[] {
  const traits = traitsOf(route, schema);
  return STANDARD.filter((entry) => entry.when(traits)).map(
    ({ when: _when, ...standard }) => standard,
  );
}

type JsonResponse = Record<string, unknown> & { headers?: Record<string, unknown> };

/**
 * The route's zod schemas as JSON Schema (each converted once, docs/json-schemas.ts), then the
 * standard answers added to the route's own: the document lists every status a route can answer
 * (checked against every answer of the API tests by test/helpers/contract.ts).
 */
const documentTransform: SwaggerTransform = (input) => {
  if (!input.schema) return { schema: input.schema, url: input.url };
  const schema = routeJsonSchemas(input);
  if (schema.hide) return { schema, url: input.url };
  const route = input.route as unknown as RouteOptions;
  const response: Record<string, JsonResponse> = {};
  for (const { status, schema: zod, description } of standardResponses(
    route,
    input.schema as Record<string, unknown>,
  ))
    response[status] = { ...answerJsonSchema(zod, input), description };
  if (route.config?.conditionalGet) {
    // `type: 'null'` is @fastify/swagger's way to say "no body": a 304 has none.
    response[304] = {
      type: 'null',
      description: 'Sin cambios desde la versión que el cliente tiene (If-None-Match)',
    };
  }
  Object.assign(response, schema.response as Record<string, JsonResponse> | undefined);
  // Both are always sent with Retry-After: the rate limit's wait and the database's.
  for (const status of [429, 503])
    if (response[status]) response[status] = { ...response[status], headers: retryAfter };
  return { schema: { ...schema, response }, url: input.url };
};

/**
 * Two readings of `nullable` that OpenAPI 3.0.3 settles and the zod conversion does not follow:
 * an enum allows null only when it lists it (`unavailable_reason: null` broke the document's own
 * schema), and `nullable` without `type` has no effect (an untyped schema already allows null),
 * so it is dropped where validators refuse it.
 */
function settleNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) settleNullable(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  if (schema.nullable === true && schema.type === undefined && schema.$ref === undefined)
    delete schema.nullable;
  for (const value of Object.values(schema)) settleNullable(value);
}

/** The document's last pass: the fixes that need the whole of it. */
const transformObject: SwaggerTransformObject = (documentObject) => {
  const document = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject;
  settleNullable(document.paths);
  settleNullable(document.components);
  // A header we document is always sent: say so (@fastify/swagger has no way to mark it).
  const paths = (document.paths ?? {}) as Record<
    string,
    Record<string, { responses?: Record<string, { headers?: Record<string, object> }> }>
  >;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        for (const [name, header] of Object.entries(response.headers ?? {}))
          response.headers![name] = { ...header, required: true };
      }
    }
  }
  return document;
};

/**
 * The guard of /docs in `admin` mode: the back office's own (an admin's bearer token, 401
 * without one, 403 for anyone else), made on first use, once the accounts' plugin is there.
 */
function adminOnly(app: FastifyInstance) {
  let guard: ReturnType<FastifyInstance['authorize']> | undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    guard ??= app.authorize({ roles: ['admin'] });
    await guard(request, reply);
  };
}

/**
 * OpenAPI generated from the same zod schemas that validate the routes. The document is always
 * built (`app.swagger()`: the tests check every answer against it); `access` (DOCS, decision
 * 074) decides who reads it at /docs and /docs/json: everyone, an admin's session, or nobody
 * (no route at all).
 */
export const docsPlugin = fp<{ access?: DocsAccess }>(
  async (app, { access = 'public' }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Comanda API',
          description:
            'API de la tienda en línea de Comanda. Las formas siguen la especificación del storefront; los errores responden `{ message }` o `{ message, errors: { campo: [mensaje] } }`, siempre como `application/json`. ' +
            `Cualquier ruta puede responder 503 con Retry-After (${RETRY_AFTER_SECONDS} s) mientras la base de datos no responde.`,
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description: 'El access_token de POST /api/login',
            },
          },
        },
      },
      transform: documentTransform,
      transformObject,
    });
    if (access === 'off') return;
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      ...(access === 'admin' ? { uiHooks: { onRequest: adminOnly(app) } } : {}),
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
          .replace("img-src 'self' data: blob:", "img-src 'self' data: blob: validator.swagger.io"),
    });
  },
  { name: 'docs' },
);

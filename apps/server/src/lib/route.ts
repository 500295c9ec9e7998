import { needsToken, type Access, type Route } from '@comanda/shared';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BranchOf } from '../plugins/authorization';
import { strictBody } from './strict-body';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The access its contract entry declares, set by `route()` on every route it registers: the
     * authorization plugin refuses an /api route without it (decision 063).
     */
    access?: Access;
  }
}

/** The Fastify instance routes are registered on (zod types): what a routes file's helpers take. */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Part<R, K extends string> = R extends { readonly [P in K]: infer S } ? S : undefined;

/** The Fastify schema of a contract entry, as types: what request and reply are inferred from. */
interface SchemaOf<R extends Route> {
  params: Part<R, 'params'>;
  querystring: Part<R, 'query'>;
  body: Part<R, 'body'>;
  response: R['responses'];
}

type Output<R, K extends string> = Part<R, K> extends z.ZodType ? z.output<Part<R, K>> : unknown;

/**
 * What a route on a branch adds to its entry's `{ roles, branch: true }`: how to find the branch
 * the request acts on (null when what it names does not exist) and the 404's message then. It
 * sees the validated params and query (it runs after validation, as a preHandler).
 */
export interface BranchGuard<R extends Route> {
  branch: (
    request: FastifyRequest<{
      Params: Output<R, 'params'>;
      Querystring: Output<R, 'query'>;
      Body: Output<R, 'body'>;
    }>,
  ) => number | null | Promise<number | null>;
  notFound: string;
}

/** A branch entry's route must say how to find its branch; no other route may. */
type GuardOptions<R extends Route> = R['access'] extends { readonly branch: true }
  ? BranchGuard<R>
  : { branch?: never; notFound?: never };

/**
 * Everything a route says besides its contract: config, compression, validation mode, and for a
 * branch entry how to find the branch. No `preHandler`: the guard comes from the entry's access.
 */
export type RouteOptions<R extends Route> = GuardOptions<R> &
  Omit<
    RouteShorthandOptions<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      ContextConfigDefault,
      SchemaOf<R>,
      ZodTypeProvider,
      FastifyBaseLogger
    >,
    'schema' | 'preHandler'
  >;
export type RouteHandler<R extends Route> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

const bearerAuth = [{ bearerAuth: [] }];

type GuardFields = { branch?: BranchGuard<Route>['branch']; notFound?: string };

/** The success answers documented in their own media type (a CSV file is not JSON); errors stay JSON. */
function answersAs(mediaType: string, responses: Route['responses']): Record<number, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) =>
      Number(status) < 300
        ? [status, { description: 'Respuesta', content: { [mediaType]: { schema } } }]
        : [status, schema],
    ),
  );
}

/** The success answers documented as JSON and, beside it, as text in `mediaType` (a CSV). */
function answersAlsoAs(mediaType: string, responses: Route['responses']): Record<number, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) =>
      Number(status) < 300
        ? [
            status,
            {
              description: 'Respuesta',
              content: { 'application/json': { schema }, [mediaType]: { schema: z.string() } },
            },
          ]
        : [status, schema],
    ),
  );
}

/**
 * The guard an entry's access asks for (decision 063): none, the session if any, a session, or
 * `authorize` with the roles (and the branch the route finds). `authorize`'s guard also checks the
 * token and the role on arrival, before the body is read (plugins/authorization.ts).
 */
function guardOf(
  app: RouteApp,
  entry: Route,
  options: { branch?: BranchGuard<Route>['branch']; notFound?: string },
): preHandlerHookHandler | undefined {
  const { access } = entry;
  if (access === 'public') return undefined;
  if (access === 'optional') return app.optionalUser;
  if (access === 'user') return app.requireUser;
  if (!access.branch) return app.authorize({ roles: access.roles });
  if (!options.branch || options.notFound === undefined)
    throw new Error(`${entry.method} ${entry.path} acts on a branch: its route must find it`);
  return app.authorize<unknown>({
    roles: access.roles,
    branch: options.branch as BranchOf<unknown>,
    notFound: options.notFound,
  });
}

/** An entry's declared access, or the reason the app refuses to start without one. */
function accessOf(entry: Route): Access {
  const access = (entry as Partial<Route>).access;
  if (access === undefined)
    throw new Error(`${entry.method} ${entry.path}: its contract entry declares no access`);
  if (entry.cache && access !== 'public' && access !== 'optional')
    throw new Error(`${entry.method} ${entry.path}: only a public answer may be kept by a cache`);
  return access;
}

/**
 * Registers one route from its contract entry (decision 031): method and path from the entry, the
 * schemas that validate, serialize and document it from the entry, the guard from its access
 * (decision 063), the rest from `options`. Params, query, body and the reply are typed from the
 * entry's schemas. The entry's path is the full one (`/api/…`, what the web calls); the plugin's
 * prefix is taken off it here.
 */
export function route<const R extends Route>(
  app: RouteApp,
  entry: R,
  options: RouteOptions<R>,
  handler: RouteHandler<R>,
): void {
  const { prefix } = app;
  if (!entry.path.startsWith(`${prefix}/`)) {
    throw new Error(
      `${entry.method} ${entry.path} cannot be registered under the prefix "${prefix}"`,
    );
  }
  const access = accessOf(entry);
  const { branch, notFound, ...rest } = options as RouteOptions<Route> & GuardFields;
  const guard = guardOf(app, entry, { branch, notFound });
  app.route({
    ...(rest as object),
    ...(guard ? { preHandler: guard } : {}),
    config: { ...rest.config, access },
    method: entry.method,
    url: entry.path.slice(prefix.length),
    schema: {
      tags: [...entry.tags],
      summary: entry.summary,
      ...(entry.description ? { description: entry.description } : {}),
      ...(needsToken(access) ? { security: bearerAuth } : {}),
      ...(entry.consumes ? { consumes: [...entry.consumes] } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      // A field the body does not name is refused, not dropped (decision 074).
      ...(entry.body ? { body: strictBody(entry.body) } : {}),
      response: entry.produces
        ? answersAs(entry.produces, entry.responses)
        : entry.alsoProduces
          ? answersAlsoAs(entry.alsoProduces, entry.responses)
          : entry.responses,
    },
    handler: handler as RouteHandlerMethod,
  });
}

import type { Route } from '@comanda/shared';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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

/** Everything a route says besides its contract: guards, config, compression, validation mode. */
export type RouteOptions<R extends Route> = Omit<
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
  'schema'
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

/**
 * Registers one route from its contract entry (decision 031): method and path from the entry, the
 * schemas that validate, serialize and document it from the entry, the rest from `options`.
 * Params, query, body and the reply are typed from the entry's schemas. The entry's path is the
 * full one (`/api/…`, what the web calls); the plugin's prefix is taken off it here.
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
  app.route({
    ...(options as object),
    method: entry.method,
    url: entry.path.slice(prefix.length),
    schema: {
      tags: [...entry.tags],
      summary: entry.summary,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.auth ? { security: bearerAuth } : {}),
      ...(entry.consumes ? { consumes: [...entry.consumes] } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      response: entry.produces ? answersAs(entry.produces, entry.responses) : entry.responses,
    },
    handler: handler as RouteHandlerMethod,
  });
}

import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { $ZodType } from 'zod/v4/core';

type TransformInput = Parameters<SwaggerTransform>[0];
type TransformArgument = Parameters<typeof jsonSchemaTransform>[0];
type Io = 'input' | 'output';

/**
 * Each zod schema's JSON Schema, converted once per process by the type provider's own
 * transform. The same schemas serve many routes (every route's standard answers, shared bodies)
 * and every app a process builds (a test worker builds one or more for each file it runs):
 * converting them route by route was most of what generating the document cost. No schema of
 * ours has a registry id, so a conversion depends only on the schema and its direction. The
 * conversions are shared, never changed: @fastify/swagger puts a copy of each in the document it
 * builds, which the document's last pass may then change (test/plugins/docs.test.ts builds two
 * documents to hold it to that).
 */
const converted: Record<Io, WeakMap<ZodType, Record<string, unknown>>> = {
  input: new WeakMap(),
  output: new WeakMap(),
};

function convertOnce(zod: ZodType, io: Io, input: TransformInput): Record<string, unknown> {
  let json = converted[io].get(zod);
  if (json === undefined) {
    const schema = io === 'input' ? { body: zod } : { response: { 200: zod } };
    const result = jsonSchemaTransform({ ...input, schema } as TransformArgument).schema as {
      body?: Record<string, unknown>;
      response?: Record<number, Record<string, unknown>>;
    };
    json = io === 'input' ? result.body! : result.response![200]!;
    converted[io].set(zod, json);
  }
  return json;
}

/** An answer's JSON Schema (a standard answer's, which every route shares). */
export function answerJsonSchema(zod: ZodType, input: TransformInput): Record<string, unknown> {
  return convertOnce(zod, 'output', input);
}

const INPUTS = ['headers', 'querystring', 'body', 'params'] as const;

/**
 * What jsonSchemaTransform makes of a route's schema, from the conversions above: its inputs as
 * the request's, its answers as the reply's, the rest (tags, summary, security) as they are. An
 * answer that is not a zod schema (a per-media-type `content` object) goes through
 * jsonSchemaTransform itself.
 */
export function routeJsonSchemas(input: TransformInput): Record<string, unknown> {
  const schema = (input.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return { hide: true };
  const { response, headers: _h, querystring: _q, body: _b, params: _p, ...rest } = schema;
  // As the transform does: a meta field that is set (tags, summary, security), the rest dropped.
  const result: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, meta]) => Boolean(meta)),
  );
  for (const part of INPUTS) {
    const zod = schema[part];
    if (zod) result[part] = convertOnce(zod as ZodType, 'input', input);
  }
  if (response) {
    const answers: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(response as Record<string, unknown>))
      answers[status] =
        answer instanceof $ZodType
          ? convertOnce(answer as ZodType, 'output', input)
          : convertContent(status, answer, input);
    result.response = answers;
  }
  return result;
}

function convertContent(status: string, answer: unknown, input: TransformInput): unknown {
  const schema = { response: { [status]: answer } };
  const result = jsonSchemaTransform({ ...input, schema } as TransformArgument).schema as {
    response: Record<string, unknown>;
  };
  return result.response[status];
}

import { MESSAGES, SERVER_MESSAGES } from '@comanda/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../lib/db-unavailable';
import { HttpError } from '../lib/http-error';
import { JSON_CONTENT_TYPE } from '../lib/response-cache';

type Issue = {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { keys?: unknown };
};

/**
 * Where an issue goes and what it says. A field the body does not take (lib/strict-body.ts,
 * decision 074) is named itself at the top level, or in the message under the field that holds it.
 */
function placed(issue: Issue): { fields: string[]; message: string } {
  const path = issue.instancePath?.split('/').filter(Boolean) ?? [];
  const keys = issue.params?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
    if (path.length === 0)
      return { fields: keys.map(String), message: SERVER_MESSAGES.unknownField };
    const names = keys.map((key) => [...path, String(key)].join('.')).join(', ');
    return { fields: [path[0]!], message: `${SERVER_MESSAGES.unknownField} (${names})` };
  }
  return { fields: [path[0] ?? '_'], message: issue.message ?? MESSAGES.invalidBody };
}

/** `{ errors: { field: [mensaje] } }` keyed by the first path segment, as the contract's forms read them. */
function fieldErrors(issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const { fields, message } = placed(issue);
    for (const field of fields) (errors[field] ??= []).push(message);
  }
  return errors;
}

/** Fastify's own client errors, answered in Spanish with their status. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES.invalidBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidBody,
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidBody,
  FST_ERR_VALIDATION: MESSAGES.invalidParams,
};

/**
 * What the router refuses before any route or hook runs (a path parameter over its length limit:
 * 414; a URL that cannot be decoded: 400). Fastify's own answer is English and in another shape;
 * this is the app's `{ message }` as JSON. A Fastify option (`frameworkErrors`), set in app.ts.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply
    .code(status)
    .type(JSON_CONTENT_TYPE)
    .serializer(JSON.stringify)
    .send({ message: MESSAGES.invalidParams });
}

/**
 * What an expected failure says. A limit's 429 names the wait its Retry-After gives («Intenta de
 * nuevo en 5 minutos»): every limit (logins, resets, the forms) refuses with the generic message
 * and the header, and the customer reads how long, not «en un momento».
 */
function messageOf(error: HttpError): string {
  const wait = Number(error.headers['retry-after']);
  return error.statusCode === 429 && error.message === MESSAGES.tooManyRequests && wait > 0
    ? SERVER_MESSAGES.tooManyRequestsFor(wait)
    : error.message;
}

/**
 * The one error handler: every failure leaves as `{ message }` or `{ message, errors }` in Spanish,
 * never as a stack trace. 5xx are logged with their cause; the client only learns that it failed.
 * A database that cannot serve right now is a 503 with Retry-After, not a 500: nothing was
 * stored and the same request will work once it is back (decision 011).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Error answers are ours, not the route's success shape: serialize them plainly, so an
      // error can never fail the route's response schema and turn into a 500. A custom serializer
      // makes Fastify leave Content-Type unset, so the media type is said here, for every error.
      reply.serializer(JSON.stringify).type(JSON_CONTENT_TYPE);
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ message: messageOf(error), ...error.body });
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        const inBody = error.validationContext === 'body';
        return reply.code(400).send({
          message: inBody ? MESSAGES.invalidBody : MESSAGES.invalidParams,
          errors: fieldErrors(error.validation ?? []),
        });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ message: MESSAGES.unavailable });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message =
          (error.code && clientErrorMessages[error.code]) ||
          (status === 429
            ? MESSAGES.tooManyRequests
            : status === 404
              ? MESSAGES.notFound
              : MESSAGES.invalidParams);
        return reply.code(status).send({ message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: MESSAGES.internal });
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .code(404)
        .type(JSON_CONTENT_TYPE)
        .serializer(JSON.stringify)
        .send({ message: MESSAGES.routeNotFound });
    });
  },
  { name: 'errors' },
);

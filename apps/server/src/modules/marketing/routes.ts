import {
  MESSAGES,
  courtesyBody,
  courtesyReservationListResponse,
  discountBody,
  discountSignupListResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  idParams,
  marketingAnswerFromIssues,
  marketingAnswerSchema,
  marketingRefusal,
  type MarketingAnswer,
} from '@comanda/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ROLES } from '../../lib/authorization';

const tags = ['Marketing'];
const staffTags = ['Personal'];
const security = [{ bearerAuth: [] }];

/**
 * product.md «Wire contract»: these forms answer `{status, error, errors}` on success AND on a refusal, so the
 * body is validated here rather than by the global error handler (which answers `{message}`).
 * `attachValidation` lets a failed validation reach the handler with the raw body.
 */
const formResponses = {
  200: marketingAnswerSchema,
  // A body that is not JSON at all never reaches the handler: the error handler answers `{message}`.
  400: z.union([marketingAnswerSchema, errorMessageSchema]),
  429: errorMessageSchema,
};

function refuseInvalid(schema: z.ZodType, raw: unknown): MarketingAnswer {
  const parsed = schema.safeParse(raw);
  // Fastify's validation failed, so zod finds issues too; the fallback only guards the types.
  return parsed.success ? marketingRefusal({ error: MESSAGES.invalidBody }) : marketingAnswerFromIssues(parsed.error.issues);
}

const send = (reply: FastifyReply, answer: MarketingAnswer) => reply.code(answer.status ? 200 : 400).send(answer);

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketing = app.marketing;

  app.post(
    '/discount',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Inscripción al cupón de descuento de una sede',
        body: discountBody,
        response: formResponses,
      },
    },
    async (request, reply) => {
      if (request.validationError) return send(reply, refuseInvalid(discountBody, request.body));
      await marketing.limitSubmissions(request.ip);
      return send(reply, await marketing.signUpForDiscount(request.body));
    },
  );

  app.post(
    '/courtesy-validate',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Reserva de una cortesía en una sede para un día',
        body: courtesyBody,
        response: formResponses,
      },
    },
    async (request, reply) => {
      if (request.validationError) return send(reply, refuseInvalid(courtesyBody, request.body));
      await marketing.limitSubmissions(request.ip);
      return send(reply, await marketing.reserveCourtesy(request.body));
    },
  );

  // Staff: who signed up and who booked, per branch (the staff console lists them later).
  const staffOfBranch = app.authorize<{ id: number }>({
    roles: STAFF_ROLES,
    branch: (request) => marketing.activeBranchId(request.params.id),
    notFound: MESSAGES.branchNotFound,
  });
  const staffErrors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema };

  app.get(
    '/staff/branches/:id/discount-signups',
    {
      preHandler: staffOfBranch,
      schema: {
        tags: staffTags,
        security,
        summary: 'Inscripciones al cupón de una sede (las 500 más recientes)',
        params: idParams,
        response: { 200: discountSignupListResponse, ...staffErrors },
      },
    },
    async (request) => ({ results: await marketing.discountSignups(request.params.id) }),
  );

  app.get(
    '/staff/branches/:id/courtesy-reservations',
    {
      preHandler: staffOfBranch,
      schema: {
        tags: staffTags,
        security,
        summary: 'Cortesías reservadas en una sede (las 500 más recientes por día)',
        params: idParams,
        response: { 200: courtesyReservationListResponse, ...staffErrors },
      },
    },
    async (request) => ({ results: await marketing.courtesyReservations(request.params.id) }),
  );
};

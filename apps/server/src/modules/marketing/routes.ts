import {
  MARKETING_MESSAGES,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError, notFound } from '../../lib/http-error';

const tags = ['Marketing'];
const staffTags = ['Personal'];
const security = [{ bearerAuth: [] }];

/**
 * Spec §7: these forms answer `{status, error, errors}` on success AND on a refusal, so the
 * body is validated here rather than by the global error handler (which answers `{message}`).
 * `attachValidation` lets a failed validation reach the handler with the raw body.
 */
const formResponses = { 200: marketingAnswerSchema, 400: marketingAnswerSchema, 429: errorMessageSchema };

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
  function assertStaffOf(user: FastifyRequest['user'], branchId: number) {
    // A staff member tied to one branch sees that branch only; chain-wide staff (null) see all.
    if (!user || user.role !== 'staff' || (user.branch_id !== null && user.branch_id !== branchId)) {
      throw new HttpError(403, MARKETING_MESSAGES.forbidden);
    }
  }
  const staffErrors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema };

  app.get(
    '/staff/branches/:id/discount-signups',
    {
      preHandler: app.requireUser,
      schema: {
        tags: staffTags,
        security,
        summary: 'Inscripciones al cupón de una sede (las 500 más recientes)',
        params: idParams,
        response: { 200: discountSignupListResponse, ...staffErrors },
      },
    },
    async (request) => {
      assertStaffOf(request.user, request.params.id);
      const results = await marketing.discountSignups(request.params.id);
      if (!results) throw notFound(MESSAGES.branchNotFound);
      return { results };
    },
  );

  app.get(
    '/staff/branches/:id/courtesy-reservations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: staffTags,
        security,
        summary: 'Cortesías reservadas en una sede (las 500 más recientes por día)',
        params: idParams,
        response: { 200: courtesyReservationListResponse, ...staffErrors },
      },
    },
    async (request) => {
      assertStaffOf(request.user, request.params.id);
      const results = await marketing.courtesyReservations(request.params.id);
      if (!results) throw notFound(MESSAGES.branchNotFound);
      return { results };
    },
  );
};

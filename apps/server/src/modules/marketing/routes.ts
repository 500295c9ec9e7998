import {
  contract,
  courtesyBody,
  discountBody,
  type MarketingAnswer,
  marketingAnswerFromIssues,
  marketingRefusal,
  MESSAGES,
} from '@comanda/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { route } from '../../lib/route';

/**
 * product.md «Wire contract»: these forms answer `{status, error, errors}` on success AND on a refusal, so the
 * body is validated here rather than by the global error handler (which answers `{message}`).
 * `attachValidation` lets a failed validation reach the handler with the raw body.
 */
function refuseInvalid(schema: z.ZodType, raw: unknown): MarketingAnswer {
  const parsed = schema.safeParse(raw);
  // Fastify's validation failed, so zod finds issues too; the fallback only guards the types.
  return parsed.success
    ? marketingRefusal({ error: MESSAGES.invalidBody })
    : marketingAnswerFromIssues(parsed.error.issues);
}

const send = (reply: FastifyReply, answer: MarketingAnswer) =>
  reply.code(answer.status ? 200 : 400).send(answer);

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketing = app.marketing;

  route(app, contract.createDiscount, { attachValidation: true }, async (request, reply) => {
    if (request.validationError) return send(reply, refuseInvalid(discountBody, request.body));
    await marketing.limitSubmissions(request.ip);
    return send(reply, await marketing.signUpForDiscount(request.body));
  });

  route(app, contract.validateCourtesy, { attachValidation: true }, async (request, reply) => {
    if (request.validationError) return send(reply, refuseInvalid(courtesyBody, request.body));
    await marketing.limitSubmissions(request.ip);
    return send(reply, await marketing.reserveCourtesy(request.body));
  });

  // Staff: who signed up and who booked, per branch (the staff console lists them later).
  const ofBranch = {
    branch: (request: { params: { id: number } }) => marketing.activeBranchId(request.params.id),
    notFound: MESSAGES.branchNotFound,
  };

  route(app, contract.getBranchDiscountSignups, ofBranch, async (request) => ({
    results: await marketing.discountSignups(request.params.id),
  }));

  route(app, contract.getBranchCourtesyReservations, ofBranch, async (request) => ({
    results: await marketing.courtesyReservations(request.params.id),
  }));
};

import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guard } from '../../plugins/authorization';
import { route, type RouteApp } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** `/api/admin/banners`: the landing's carousel. */
function bannerRoutes(app: RouteApp, preHandler: Guard) {
  const content = app.adminContent;
  route(app, contract.getAdminBanners, { preHandler }, async () => ({
    results: await content.banners.list(),
  }));
  route(app, contract.createBanner, { preHandler }, async (request, reply) =>
    reply.code(201).send({ results: await content.banners.create(actorOf(request), request.body) }),
  );
  route(app, contract.reorderBanners, { preHandler }, async (request) => ({
    results: await content.banners.reorder(actorOf(request), request.body.ids),
  }));
  route(app, contract.updateBanner, { preHandler }, async (request) => ({
    results: await content.banners.update(actorOf(request), request.params.id, request.body),
  }));
}

/** `/api/admin/coupons`: one coupon a branch. */
function couponRoutes(app: RouteApp, preHandler: Guard) {
  const content = app.adminContent;
  route(app, contract.getAdminCoupons, { preHandler }, async () => ({
    results: await content.coupons.list(),
  }));
  route(app, contract.saveCoupon, { preHandler }, async (request) => ({
    results: await content.coupons.save(actorOf(request), request.params.id, request.body),
  }));
}

/** `/api/admin/payment-types`: what checkout offers. */
function paymentTypeRoutes(app: RouteApp, preHandler: Guard) {
  const content = app.adminContent;
  route(app, contract.getAdminPaymentTypes, { preHandler }, async () => ({
    results: await content.paymentTypes.list(),
  }));
  route(app, contract.createPaymentType, { preHandler }, async (request, reply) =>
    reply
      .code(201)
      .send({ results: await content.paymentTypes.create(actorOf(request), request.body) }),
  );
  route(app, contract.reorderPaymentTypes, { preHandler }, async (request) => ({
    results: await content.paymentTypes.reorder(actorOf(request), request.body.ids),
  }));
  route(app, contract.updatePaymentType, { preHandler }, async (request) => ({
    results: await content.paymentTypes.update(actorOf(request), request.params.id, request.body),
  }));
}

/** `/api/admin/survey-options`: the discount form's «¿Cómo nos conociste?». */
function surveyOptionRoutes(app: RouteApp, preHandler: Guard) {
  const content = app.adminContent;
  route(app, contract.getSurveyOptions, { preHandler }, async () => ({
    results: await content.surveyOptions.list(),
  }));
  route(app, contract.createSurveyOption, { preHandler }, async (request, reply) =>
    reply
      .code(201)
      .send({ results: await content.surveyOptions.create(actorOf(request), request.body) }),
  );
  route(app, contract.reorderSurveyOptions, { preHandler }, async (request) => ({
    results: await content.surveyOptions.reorder(actorOf(request), request.body.ids),
  }));
  route(app, contract.updateSurveyOption, { preHandler }, async (request) => ({
    results: await content.surveyOptions.update(actorOf(request), request.params.id, request.body),
  }));
  route(app, contract.removeSurveyOption, { preHandler }, async (request) => ({
    results: await content.surveyOptions.remove(actorOf(request), request.params.id),
  }));
}

/** `/api/admin/social-links`: one form for the three networks. */
function socialLinkRoutes(app: RouteApp, preHandler: Guard) {
  const content = app.adminContent;
  route(app, contract.getAdminSocialLinks, { preHandler }, async () => ({
    results: await content.socialLinks.get(),
  }));
  route(app, contract.saveSocialLinks, { preHandler }, async (request) => ({
    results: await content.socialLinks.save(actorOf(request), request.body),
  }));
}

/** /api/admin: the Contenido section. Admins only; every write recorded in the change log. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.authorize({ roles: ['admin'] });
  bannerRoutes(app, preHandler);
  couponRoutes(app, preHandler);
  paymentTypeRoutes(app, preHandler);
  surveyOptionRoutes(app, preHandler);
  socialLinkRoutes(app, preHandler);
};

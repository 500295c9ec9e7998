import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, type RouteApp } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** `/api/admin/banners`: the landing's carousel. */
function bannerRoutes(app: RouteApp) {
  const content = app.adminContent;
  route(app, contract.getAdminBanners, {}, async () => ({
    results: await content.banners.list(),
  }));
  route(app, contract.createBanner, {}, async (request, reply) =>
    reply.code(201).send({ results: await content.banners.create(actorOf(request), request.body) }),
  );
  route(app, contract.reorderBanners, {}, async (request) => ({
    results: await content.banners.reorder(actorOf(request), request.body.ids),
  }));
  route(app, contract.updateBanner, {}, async (request) => ({
    results: await content.banners.update(actorOf(request), request.params.id, request.body),
  }));
}

/** `/api/admin/coupons`: one coupon a branch. */
function couponRoutes(app: RouteApp) {
  const content = app.adminContent;
  route(app, contract.getAdminCoupons, {}, async () => ({
    results: await content.coupons.list(),
  }));
  route(app, contract.saveCoupon, {}, async (request) => ({
    results: await content.coupons.save(actorOf(request), request.params.id, request.body),
  }));
}

/** `/api/admin/payment-types`: what checkout offers. */
function paymentTypeRoutes(app: RouteApp) {
  const content = app.adminContent;
  route(app, contract.getAdminPaymentTypes, {}, async () => ({
    results: await content.paymentTypes.list(),
  }));
  route(app, contract.createPaymentType, {}, async (request, reply) =>
    reply
      .code(201)
      .send({ results: await content.paymentTypes.create(actorOf(request), request.body) }),
  );
  route(app, contract.reorderPaymentTypes, {}, async (request) => ({
    results: await content.paymentTypes.reorder(actorOf(request), request.body.ids),
  }));
  route(app, contract.updatePaymentType, {}, async (request) => ({
    results: await content.paymentTypes.update(actorOf(request), request.params.id, request.body),
  }));
}

/** `/api/admin/survey-options`: the discount form's «¿Cómo nos conociste?». */
function surveyOptionRoutes(app: RouteApp) {
  const content = app.adminContent;
  route(app, contract.getSurveyOptions, {}, async () => ({
    results: await content.surveyOptions.list(),
  }));
  route(app, contract.createSurveyOption, {}, async (request, reply) =>
    reply
      .code(201)
      .send({ results: await content.surveyOptions.create(actorOf(request), request.body) }),
  );
  route(app, contract.reorderSurveyOptions, {}, async (request) => ({
    results: await content.surveyOptions.reorder(actorOf(request), request.body.ids),
  }));
  route(app, contract.updateSurveyOption, {}, async (request) => ({
    results: await content.surveyOptions.update(actorOf(request), request.params.id, request.body),
  }));
  route(app, contract.removeSurveyOption, {}, async (request) => ({
    results: await content.surveyOptions.remove(actorOf(request), request.params.id),
  }));
}

/** `/api/admin/social-links`: one form for the three networks. */
function socialLinkRoutes(app: RouteApp) {
  const content = app.adminContent;
  route(app, contract.getAdminSocialLinks, {}, async () => ({
    results: await content.socialLinks.get(),
  }));
  route(app, contract.saveSocialLinks, {}, async (request) => ({
    results: await content.socialLinks.save(actorOf(request), request.body),
  }));
}

/** /api/admin: the Contenido section. Admins only; every write recorded in the change log. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  bannerRoutes(app);
  couponRoutes(app);
  paymentTypeRoutes(app);
  surveyOptionRoutes(app);
  socialLinkRoutes(app);
};

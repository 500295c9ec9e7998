import {
  adminBannerListResponse,
  adminBannerResponse,
  adminCouponListResponse,
  adminCouponResponse,
  adminIdParams,
  adminPaymentTypeListResponse,
  adminPaymentTypeResponse,
  adminSocialLinksResponse,
  adminSurveyOptionListResponse,
  adminSurveyOptionResponse,
  bannerBody,
  couponBody,
  errorMessageSchema,
  fieldErrorsSchema,
  paymentTypeBody,
  reorderBody,
  socialLinksBody,
  surveyOptionBody,
  surveyOptionRemovalResponse,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-user';
import type { z } from 'zod';

const tags = ['Administración'];
const security = [{ bearerAuth: [] }];
const errors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema };

/** /api/admin: the Contenido section. Admins only; every write recorded in the change log. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.adminContent;
  const preHandler = app.authorize({ roles: ['admin'] });
  const read = <T extends z.ZodType>(summary: string, response: T) => ({ preHandler, schema: { tags, security, summary, response: { 200: response, ...errors } } });

  // Banners
  app.get('/admin/banners', read('Banners, en su orden, con fechas y estado', adminBannerListResponse), async () => ({
    results: await content.banners.list(),
  }));
  app.post(
    '/admin/banners',
    { preHandler, schema: { tags, security, summary: 'Crear un banner (al final de la lista)', body: bannerBody, response: { 201: adminBannerResponse, ...errors } } },
    async (request, reply) => reply.code(201).send({ results: await content.banners.create(actorOf(request), request.body) }),
  );
  app.put(
    '/admin/banners/order',
    { preHandler, schema: { tags, security, summary: 'Reordenar los banners (la lista completa de ids)', body: reorderBody, response: { 200: adminBannerListResponse, ...errors } } },
    async (request) => ({ results: await content.banners.reorder(actorOf(request), request.body.ids) }),
  );
  app.put(
    '/admin/banners/:id',
    {
      preHandler,
      schema: { tags, security, summary: 'Editar, ocultar o mostrar un banner', params: adminIdParams, body: bannerBody, response: { 200: adminBannerResponse, ...errors } },
    },
    async (request) => ({ results: await content.banners.update(actorOf(request), request.params.id, request.body) }),
  );

  // Coupons
  app.get('/admin/coupons', read('El cupón de cada sede (null si aún no tiene)', adminCouponListResponse), async () => ({
    results: await content.coupons.list(),
  }));
  app.put(
    '/admin/coupons/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Crear o editar el cupón de una sede (id de la sede)',
        params: adminIdParams,
        body: couponBody,
        response: { 200: adminCouponResponse, ...errors },
      },
    },
    async (request) => ({ results: await content.coupons.save(actorOf(request), request.params.id, request.body) }),
  );

  // Payment types
  app.get('/admin/payment-types', read('Métodos de pago, activos e inactivos, en su orden', adminPaymentTypeListResponse), async () => ({
    results: await content.paymentTypes.list(),
  }));
  app.post(
    '/admin/payment-types',
    { preHandler, schema: { tags, security, summary: 'Agregar un método de pago', body: paymentTypeBody, response: { 201: adminPaymentTypeResponse, ...errors } } },
    async (request, reply) => reply.code(201).send({ results: await content.paymentTypes.create(actorOf(request), request.body) }),
  );
  app.put(
    '/admin/payment-types/order',
    { preHandler, schema: { tags, security, summary: 'Reordenar los métodos de pago', body: reorderBody, response: { 200: adminPaymentTypeListResponse, ...errors } } },
    async (request) => ({ results: await content.paymentTypes.reorder(actorOf(request), request.body.ids) }),
  );
  app.put(
    '/admin/payment-types/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Renombrar, desactivar o activar un método de pago',
        params: adminIdParams,
        body: paymentTypeBody,
        response: { 200: adminPaymentTypeResponse, ...errors },
      },
    },
    async (request) => ({ results: await content.paymentTypes.update(actorOf(request), request.params.id, request.body) }),
  );

  // Survey options
  app.get('/admin/survey-options', read('Opciones de «¿Cómo nos conociste?», con cuántas inscripciones las eligieron', adminSurveyOptionListResponse), async () => ({
    results: await content.surveyOptions.list(),
  }));
  app.post(
    '/admin/survey-options',
    { preHandler, schema: { tags, security, summary: 'Agregar una opción a la encuesta', body: surveyOptionBody, response: { 201: adminSurveyOptionResponse, ...errors } } },
    async (request, reply) => reply.code(201).send({ results: await content.surveyOptions.create(actorOf(request), request.body) }),
  );
  app.put(
    '/admin/survey-options/order',
    { preHandler, schema: { tags, security, summary: 'Reordenar las opciones de la encuesta', body: reorderBody, response: { 200: adminSurveyOptionListResponse, ...errors } } },
    async (request) => ({ results: await content.surveyOptions.reorder(actorOf(request), request.body.ids) }),
  );
  app.put(
    '/admin/survey-options/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Renombrar, ocultar o mostrar una opción de la encuesta',
        params: adminIdParams,
        body: surveyOptionBody,
        response: { 200: adminSurveyOptionResponse, ...errors },
      },
    },
    async (request) => ({ results: await content.surveyOptions.update(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    '/admin/survey-options/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Quitar una opción: se elimina, o se oculta si alguna inscripción la eligió',
        params: adminIdParams,
        response: { 200: surveyOptionRemovalResponse, ...errors },
      },
    },
    async (request) => ({ results: await content.surveyOptions.remove(actorOf(request), request.params.id) }),
  );

  // Social links
  app.get('/admin/social-links', read('Las redes sociales y el WhatsApp de /redes-sociales', adminSocialLinksResponse), async () => ({
    results: await content.socialLinks.get(),
  }));
  app.put(
    '/admin/social-links',
    {
      preHandler,
      schema: { tags, security, summary: 'Editar las redes sociales y el WhatsApp', body: socialLinksBody, response: { 200: adminSocialLinksResponse, ...errors } },
    },
    async (request) => ({ results: await content.socialLinks.save(actorOf(request), request.body) }),
  );
};

import {
  MESSAGES,
  bannerListResponse,
  branchListResponse,
  catalogParams,
  categoryListResponse,
  categoryResponse,
  couponResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  idParams,
  paymentTypeListResponse,
  productResponse,
  segmentParams,
  socialLinksResponse,
  surveyParameterListResponse,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { PUBLIC_CACHE_CONTROL, sendCached, toCachedBody, type CachedBody } from '../../lib/response-cache';

/** The catalogue's answers are public and cached 30 s (see PUBLIC_CACHE_CONTROL). */
export const CACHE_CONTROL = PUBLIC_CACHE_CONTROL;

/** A product answer differs by user (`favorite`): shared caches must keep them apart. */
export const VARY_BY_USER = 'Accept-Encoding, Authorization';
const PRIVATE = 'private, no-cache';

const tags = ['Catálogo'];
/**
 * These answers come compressed from the cache (sendCached): the global hook has nothing to do.
 * They are GETs without a body, so the request-decompression hook has nothing to do either.
 */
const compress = false;
const decompress = false;
const errors = { 400: fieldErrorsSchema, 404: errorMessageSchema };

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.catalog;
  // Every route here answers through sendCached: a matching If-None-Match gets 304 (documented).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, conditionalGet: true };
  });

  async function withFavorite(body: CachedBody, userId: number): Promise<CachedBody> {
    const { results } = body.value as { results: { id: number } };
    if (!(await app.favorites.isFavorite(userId, results.id))) return body;
    // Compressed off the main thread like every cached body (a product answer is a few KB).
    return toCachedBody({ results: { ...results, favorite: { id: results.id } } });
  }

  app.get(
    '/branch-office',
    { compress, decompress, schema: { tags, summary: 'Sedes, con horario, si están abiertas y su cobertura', response: { 200: branchListResponse } } },
    async (request, reply) => sendCached(request, reply, (await catalog.branches())!, CACHE_CONTROL),
  );

  app.get(
    '/category-client',
    { compress, decompress, schema: { tags, summary: 'Categorías del menú', response: { 200: categoryListResponse } } },
    async (request, reply) => sendCached(request, reply, (await catalog.categories())!, CACHE_CONTROL),
  );

  app.get(
    '/banner',
    { compress, decompress, schema: { tags, summary: 'Banners promocionales', response: { 200: bannerListResponse } } },
    async (request, reply) => sendCached(request, reply, (await catalog.banners())!, CACHE_CONTROL),
  );

  app.get(
    '/category/:slug/:branchId',
    {
      compress,
      decompress,
      schema: {
        tags,
        summary: 'Una categoría con sus productos, precio y disponibilidad en la sede',
        params: catalogParams,
        response: { 200: categoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { slug, branchId } = request.params;
      const body = await catalog.category(slug, branchId);
      if (!body) {
        throw notFound((await catalog.branchExists(branchId)) ? MESSAGES.categoryNotFound : MESSAGES.branchNotFound);
      }
      return sendCached(request, reply, body, CACHE_CONTROL);
    },
  );

  app.get(
    '/products/:slug/:branchId',
    {
      compress,
      decompress,
      // Logged-in customers see their own `favorite`; everyone else shares the cached answer.
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: 'Un producto con sus grupos de opciones, precio y disponibilidad en la sede',
        params: catalogParams,
        response: { 200: productResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { slug, branchId } = request.params;
      const body = await catalog.product(slug, branchId);
      if (!body) {
        throw notFound((await catalog.branchExists(branchId)) ? MESSAGES.productNotFound : MESSAGES.branchNotFound);
      }
      if (!request.user) return sendCached(request, reply, body, CACHE_CONTROL, VARY_BY_USER);
      return sendCached(request, reply, await withFavorite(body, request.user.id), PRIVATE, VARY_BY_USER);
    },
  );

  app.get(
    '/cart-type-payment',
    { compress, decompress, schema: { tags, summary: 'Medios de pago', response: { 200: paymentTypeListResponse } } },
    async (request, reply) => sendCached(request, reply, (await catalog.paymentTypes())!, CACHE_CONTROL),
  );

  app.get(
    '/parameters-segment/:segment',
    {
      compress,
      decompress,
      schema: {
        tags,
        summary: 'Parámetros configurables de un segmento (la encuesta: survey)',
        params: segmentParams,
        response: { 200: surveyParameterListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = await catalog.parameters(request.params.segment);
      if (!body) throw notFound(MESSAGES.segmentNotFound);
      return sendCached(request, reply, body, CACHE_CONTROL);
    },
  );

  app.get(
    '/coupon-branch/:id',
    {
      compress,
      decompress,
      schema: {
        tags,
        summary: 'El cupón de descuento de una sede',
        params: idParams,
        response: { 200: couponResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = await catalog.coupon(request.params.id);
      if (!body) {
        throw notFound((await catalog.branchExists(request.params.id)) ? MESSAGES.couponNotFound : MESSAGES.branchNotFound);
      }
      return sendCached(request, reply, body, CACHE_CONTROL);
    },
  );

  app.get(
    '/social-links',
    {
      compress,
      schema: { tags, summary: 'Las redes sociales y el WhatsApp de la cadena (/redes-sociales)', response: { 200: socialLinksResponse } },
    },
    async (request, reply) => sendCached(request, reply, (await catalog.socialLinks())!, CACHE_CONTROL),
  );
};

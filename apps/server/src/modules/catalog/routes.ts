import { MESSAGES, contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { route, type RouteApp } from '../../lib/route';
import {
  PUBLIC_CACHE_CONTROL,
  sendCached,
  toCachedBody,
  type CachedBody,
} from '../../lib/response-cache';

/** The catalogue's answers are public and cached 30 s (see PUBLIC_CACHE_CONTROL). */
export const CACHE_CONTROL = PUBLIC_CACHE_CONTROL;

/** A product answer differs by user (`favorite`): shared caches must keep them apart. */
export const VARY_BY_USER = 'Accept-Encoding, Authorization';
const PRIVATE = 'private, no-cache';

/**
 * These answers come compressed from the cache (sendCached): the global hook has nothing to do.
 * They are GETs without a body, so the request-decompression hook has nothing to do either.
 */
const compress = false;
const decompress = false;

/** A product answer with the signed-in customer's `favorite`. */
async function withFavorite(app: RouteApp, body: CachedBody, userId: number): Promise<CachedBody> {
  const { results } = body.value as { results: { id: number } };
  if (!(await app.favorites.isFavorite(userId, results.id))) return body;
  // Compressed off the main thread like every cached body (a product answer is a few KB).
  return toCachedBody({ results: { ...results, favorite: { id: results.id } } });
}

/** The lists every page reads: branches, categories, banners. */
function listRoutes(app: RouteApp) {
  const catalog = app.catalog;
  route(app, contract.getBranches, { compress, decompress }, async (request, reply) =>
    sendCached(request, reply, (await catalog.branches())!, CACHE_CONTROL),
  );

  route(app, contract.getCategories, { compress, decompress }, async (request, reply) =>
    sendCached(request, reply, (await catalog.categories())!, CACHE_CONTROL),
  );

  route(app, contract.getBanners, { compress, decompress }, async (request, reply) =>
    sendCached(request, reply, (await catalog.banners())!, CACHE_CONTROL),
  );
}

/** A category's products and a product at a branch (404 tells an unknown branch apart). */
function menuRoutes(app: RouteApp) {
  const catalog = app.catalog;
  route(app, contract.getCategory, { compress, decompress }, async (request, reply) => {
    const { slug, branchId } = request.params;
    const body = await catalog.category(slug, branchId);
    if (!body) {
      throw notFound(
        (await catalog.branchExists(branchId))
          ? MESSAGES.categoryNotFound
          : MESSAGES.branchNotFound,
      );
    }
    return sendCached(request, reply, body, CACHE_CONTROL);
  });

  route(
    app,
    contract.getProduct,
    // Its access is `optional`: logged-in customers see their own `favorite`; everyone else
    // shares the cached answer.
    { compress, decompress },
    async (request, reply) => {
      const { slug, branchId } = request.params;
      const body = await catalog.product(slug, branchId);
      if (!body) {
        throw notFound(
          (await catalog.branchExists(branchId))
            ? MESSAGES.productNotFound
            : MESSAGES.branchNotFound,
        );
      }
      if (!request.user) return sendCached(request, reply, body, CACHE_CONTROL, VARY_BY_USER);
      return sendCached(
        request,
        reply,
        await withFavorite(app, body, request.user.id),
        PRIVATE,
        VARY_BY_USER,
      );
    },
  );
}

/** Before a branch is chosen: the chain's lowest prices, the same for everyone (chain-menu.ts). */
function chainMenuRoutes(app: RouteApp) {
  route(app, contract.getChainCategory, { compress, decompress }, async (request, reply) => {
    const body = await app.chainMenu.category(request.params.slug);
    if (!body) throw notFound(MESSAGES.categoryNotFound);
    return sendCached(request, reply, body, CACHE_CONTROL);
  });

  route(app, contract.getChainProduct, { compress, decompress }, async (request, reply) => {
    const body = await app.chainMenu.product(request.params.slug);
    if (!body) throw notFound(MESSAGES.productNotFound);
    return sendCached(request, reply, body, CACHE_CONTROL);
  });
}

/** What the back office's Contenido writes: payment methods, the survey, coupons, social links. */
function contentRoutes(app: RouteApp) {
  const catalog = app.catalog;
  route(app, contract.getPaymentTypes, { compress, decompress }, async (request, reply) =>
    sendCached(request, reply, (await catalog.paymentTypes())!, CACHE_CONTROL),
  );

  route(app, contract.getParameters, { compress, decompress }, async (request, reply) => {
    const body = await catalog.parameters(request.params.segment);
    if (!body) throw notFound(MESSAGES.segmentNotFound);
    return sendCached(request, reply, body, CACHE_CONTROL);
  });

  route(app, contract.getCoupon, { compress, decompress }, async (request, reply) => {
    const body = await catalog.coupon(request.params.id);
    if (!body) {
      throw notFound(
        (await catalog.branchExists(request.params.id))
          ? MESSAGES.couponNotFound
          : MESSAGES.branchNotFound,
      );
    }
    return sendCached(request, reply, body, CACHE_CONTROL);
  });

  route(app, contract.getSocialLinks, { compress }, async (request, reply) =>
    sendCached(request, reply, (await catalog.socialLinks())!, CACHE_CONTROL),
  );
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route here answers through sendCached: a matching If-None-Match gets 304 (documented).
  app.addHook('onRoute', (options) => {
    options.config = { ...options.config, conditionalGet: true };
  });
  listRoutes(app);
  menuRoutes(app);
  chainMenuRoutes(app);
  contentRoutes(app);
};

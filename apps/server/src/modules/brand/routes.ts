import { contract, MESSAGES } from '@comanda/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';
import { acceptUploads, readUpload } from '../../lib/upload';

/** The back office's Marca: admins only (decisions 046 and 049). */
export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  route(app, contract.getBrandSettings, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.brand.current();
  });
  route(app, contract.updateBrandSettings, {}, async (request) =>
    app.brand.update(actorOf(request), request.body),
  );
  route(app, contract.uploadBrandLogo, {}, async (request) =>
    app.brand.setLogo(actorOf(request), await readUpload(request), request.query.version),
  );
  route(app, contract.removeBrandLogo, {}, async (request) =>
    app.brand.setLogo(actorOf(request), null, request.query.version),
  );
};

/** The icons the storefront names, made from the chain's logo (`modules/brand/icons.ts`). */
const ICON_NAME = /^(favicon\.(ico|svg)|icons\/[a-z0-9-]+\.png)$/;

/**
 * `/favicon.ico`, `/favicon.svg` and `/icons/*.png`. They keep their names when the logo changes
 * (the manifest and every installed app name them), so a browser asks again on each use and an
 * unchanged icon costs a 304.
 */
export const brandFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { hide: true, params: z.object({ name: z.string() }) };
  const serve = async (name: string, ifNoneMatch: string | undefined, reply: FastifyReply) => {
    const icon = ICON_NAME.test(name) ? await app.brand.icon(name) : undefined;
    if (!icon) return reply.code(404).send({ message: MESSAGES.routeNotFound });
    reply.header('cache-control', 'no-cache').header('etag', icon.etag);
    if (ifNoneMatch === icon.etag) return reply.code(304).send();
    return reply.type(icon.contentType).send(icon.data);
  };
  for (const name of ['favicon.ico', 'favicon.svg']) {
    app.get(`/${name}`, { schema: { hide: true } }, (request, reply) =>
      serve(name, request.headers['if-none-match'], reply),
    );
  }
  app.get('/icons/:name', { schema }, (request, reply) =>
    serve(`icons/${request.params.name}`, request.headers['if-none-match'], reply),
  );
};

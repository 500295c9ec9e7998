import { contract, MESSAGES } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptUploads, readUpload } from '../../lib/upload';
import { UPLOAD_FILE_NAME, UPLOADS_PREFIX } from './encode';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `POST /api/admin/images`: uploads for the back office's forms (admins only). */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);

  route(app, contract.uploadImage, {}, async (request) => {
    const input = await readUpload(request);
    return app.images.upload(input, request.query.kind, actorOf(request));
  });
};

/**
 * `GET /images/u/<file>`: the uploaded files, from whichever store holds them. Their names carry
 * a content hash, so they are cached for a year as immutable, like the seed's artwork.
 */
export const imageFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${UPLOADS_PREFIX}:name`,
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const { name } = request.params;
      const file = UPLOAD_FILE_NAME.test(name) ? await app.images.read(name) : null;
      if (!file) return reply.code(404).send({ message: MESSAGES.routeNotFound });
      return reply.header('cache-control', IMMUTABLE).type(file.contentType).send(file.data);
    },
  );
};

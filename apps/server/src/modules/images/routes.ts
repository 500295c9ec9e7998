import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { contract, IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, MESSAGES } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { UPLOAD_FILE_NAME, UPLOADS_PREFIX } from './encode';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const fileError = (status: number, message: string) =>
  new HttpError(status, message, { errors: { file: [message] } });

/**
 * The one file of the request, read whole (at most 5 MB); a larger one is a 413, nothing kept.
 * The body is read to its end, so a second file part is refused (400) rather than left unread:
 * the form sends one photo, and a request carrying two was not made by it.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileError(400, IMAGE_MESSAGES.notMultipart);
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    })) {
      // Text fields are read and dropped (there are none in the form; the limits above bound them).
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw fileError(400, IMAGE_MESSAGES.required);
      // The parser's `files: 1` limit already stops at a second file; this says it here too.
      if (data !== undefined) throw fileError(400, IMAGE_MESSAGES.oneFile);
      data = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(413, IMAGE_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw fileError(400, IMAGE_MESSAGES.oneFile);
    // A malformed multipart body (a cut boundary, a client that gave up) changes nothing either.
    throw fileError(400, IMAGE_MESSAGES.notMultipart);
  }
  if (data === undefined || data.length === 0) throw fileError(400, IMAGE_MESSAGES.required);
  return data;
}

/** `POST /api/admin/images`: uploads for the back office's forms (admins only). */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take multipart; everywhere else it stays an unsupported type.
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });

  route(
    app,
    contract.uploadImage,
    { preHandler: app.authorize({ roles: ['admin'] }) },
    async (request) => {
      const input = await readUpload(request);
      return app.images.upload(input, request.query.kind, actorOf(request));
    },
  );
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

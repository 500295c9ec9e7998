import multipart from '@fastify/multipart';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '@comanda/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/**
 * Lets the routes of the calling plugin take `multipart/form-data` (one file of at most 5 MB);
 * everywhere else it stays an unsupported type.
 */
export async function acceptUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
}

const fileError = (status: number, message: string) =>
  new HttpError(status, message, { errors: { file: [message] } });

/**
 * The one file of the request, read whole (at most 5 MB); a larger one is a 413, nothing kept.
 * The body is read to its end, so a second file part is refused (400) rather than left unread:
 * the form sends one photo, and a request carrying two was not made by it.
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
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

import {
  addressBody,
  addressIdParams,
  addressListResponse,
  addressResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  statusResponse,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../lib/request-user';

const tags = ['Direcciones'];
const security = [{ bearerAuth: [] }];
const errors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 404: errorMessageSchema };

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = app.addressBook;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/addresses',
    { schema: { tags, security, summary: 'Las direcciones del usuario', response: { 200: addressListResponse, 401: errorMessageSchema } } },
    async (request) => ({ results: await addresses.list(signedInUser(request).id) }),
  );

  app.post(
    '/addresses',
    { schema: { tags, security, summary: 'Agrega una dirección', body: addressBody, response: { 201: addressResponse, ...errors } } },
    async (request, reply) => {
      return reply.code(201).send({ results: await addresses.create(signedInUser(request).id, request.body) });
    },
  );

  app.put(
    '/addresses/:id',
    {
      schema: { tags, security, summary: 'Cambia una dirección', params: addressIdParams, body: addressBody, response: { 200: addressResponse, ...errors } },
    },
    async (request) => ({ results: await addresses.update(signedInUser(request).id, request.params.id, request.body) }),
  );

  app.delete(
    '/addresses/:id',
    { schema: { tags, security, summary: 'Borra una dirección', params: addressIdParams, response: { 200: statusResponse, ...errors } } },
    async (request) => {
      await addresses.remove(signedInUser(request).id, request.params.id);
      return { status: true };
    },
  );
};

import {
  ACCOUNT_MESSAGES,
  addressBody,
  addressIdParams,
  addressListResponse,
  addressResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  statusResponse,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';

const tags = ['Direcciones'];
const security = [{ bearerAuth: [] }];
const errors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 404: errorMessageSchema };

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = app.addressBook;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/addresses',
    { schema: { tags, security, summary: 'Las direcciones del usuario', response: { 200: addressListResponse, 401: errorMessageSchema } } },
    async (request) => ({ results: await addresses.list(request.user!.id) }),
  );

  app.post(
    '/addresses',
    { schema: { tags, security, summary: 'Agrega una dirección', body: addressBody, response: { 201: addressResponse, ...errors } } },
    async (request, reply) => {
      const created = await addresses.insert(request.user!.id, request.body, new Date().toISOString());
      return reply.code(201).send({ results: created });
    },
  );

  app.put(
    '/addresses/:id',
    {
      schema: { tags, security, summary: 'Cambia una dirección', params: addressIdParams, body: addressBody, response: { 200: addressResponse, ...errors } },
    },
    async (request) => {
      const userId = request.user!.id;
      if (!(await addresses.update(userId, request.params.id, request.body))) throw notFound(ACCOUNT_MESSAGES.addressNotFound);
      return { results: (await addresses.find(userId, request.params.id))! };
    },
  );

  app.delete(
    '/addresses/:id',
    { schema: { tags, security, summary: 'Borra una dirección', params: addressIdParams, response: { 200: statusResponse, ...errors } } },
    async (request) => {
      if (!(await addresses.remove(request.user!.id, request.params.id, new Date().toISOString()))) {
        throw notFound(ACCOUNT_MESSAGES.addressNotFound);
      }
      return { status: true };
    },
  );
};

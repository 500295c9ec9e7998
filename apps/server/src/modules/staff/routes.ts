import {
  adminIdParams,
  errorMessageSchema,
  fieldErrorsSchema,
  staffCreateBody,
  staffListResponse,
  staffMemberResponse,
  staffPasswordBody,
  staffUpdateBody,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-user';

const tags = ['Administración'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema, 409: errorMessageSchema };

/** `/api/admin/staff`: Personal, the chain's staff and admin accounts (admins only). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.authorize({ roles: ['admin'] });

  app.get(
    '/admin/staff',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'El personal y la administración de la cadena, con sus sedes y si están activos (no incluye clientes)',
        response: { 200: staffListResponse, 401: errorMessageSchema, 403: errorMessageSchema },
      },
    },
    async () => ({ results: await app.staff.list() }),
  );

  app.post(
    '/admin/staff',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Crea una cuenta del personal (o de administración) con su contraseña inicial y sus sedes',
        body: staffCreateBody,
        response: { 200: staffMemberResponse, ...refusals },
      },
    },
    async (request) => ({ results: await app.staff.create(request.body, actorOf(request)) }),
  );

  app.put(
    '/admin/staff/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Edita una cuenta: nombre, email, celular, rol y sedes. Si cambian el rol o las sedes, sus sesiones se cierran',
        params: adminIdParams,
        body: staffUpdateBody,
        response: { 200: staffMemberResponse, ...refusals },
      },
    },
    async (request) => ({ results: await app.staff.update(request.params.id, request.body, actorOf(request)) }),
  );

  app.post(
    '/admin/staff/:id/password',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Pone una contraseña nueva a la cuenta y cierra todas sus sesiones',
        params: adminIdParams,
        body: staffPasswordBody,
        response: { 200: staffMemberResponse, ...refusals },
      },
    },
    async (request) => ({ results: await app.staff.resetPassword(request.params.id, request.body, actorOf(request)) }),
  );

  app.post(
    '/admin/staff/:id/deactivate',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Desactiva la cuenta: no puede entrar y sus sesiones terminan al instante (nunca la última administración activa)',
        params: adminIdParams,
        response: { 200: staffMemberResponse, ...refusals },
      },
    },
    async (request) => ({ results: await app.staff.deactivate(request.params.id, actorOf(request)) }),
  );

  app.post(
    '/admin/staff/:id/activate',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Reactiva una cuenta desactivada (entra de nuevo con su contraseña)',
        params: adminIdParams,
        response: { 200: staffMemberResponse, ...refusals },
      },
    },
    async (request) => ({ results: await app.staff.activate(request.params.id, actorOf(request)) }),
  );
};

import {
  adminBranchBody,
  adminBranchListResponse,
  adminBranchQuery,
  adminBranchResponse,
  adminIdParams,
  branchExceptionsBody,
  branchHoursBody,
  branchVisibilityBody,
  branchZonesBody,
  errorMessageSchema,
  fieldErrorsSchema,
  reorderBody,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-user';

const tags = ['Administración'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema };

/** `/api/admin/branches…`: the chain's branches with hours, exceptions and delivery zones. Admin only. */
export const adminBranchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.authorize({ roles: ['admin'] });

  app.get(
    '/admin/branches',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Todas las sedes (también las ocultas) con horario, excepciones y zonas; `q` busca por nombre, dirección o ciudad',
        querystring: adminBranchQuery,
        response: { 200: adminBranchListResponse, ...refusals },
      },
    },
    async (request) => app.adminBranches.list(request.query.q),
  );

  app.get(
    '/admin/branches/:id',
    { preHandler: admin, schema: { tags, security, summary: 'Una sede con su horario, excepciones y zonas', params: adminIdParams, response: { 200: adminBranchResponse, ...refusals } } },
    async (request) => app.adminBranches.get(request.params.id),
  );

  app.post(
    '/admin/branches',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Crea una sede (queda al final de la lista, sin horario ni zonas)', body: adminBranchBody, response: { 201: adminBranchResponse, ...refusals } },
    },
    async (request, reply) => reply.code(201).send(await app.adminBranches.create(actorOf(request), request.body)),
  );

  app.put(
    '/admin/branches/order',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Reordena las sedes: la lista completa de ids en el nuevo orden', body: reorderBody, response: { 200: adminBranchListResponse, ...refusals } },
    },
    async (request) => app.adminBranches.reorder(actorOf(request), request.body.ids),
  );

  app.put(
    '/admin/branches/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Edita los datos de una sede: nombre, dirección, teléfono, ciudad, recogida/domicilio y minutos de preparación',
        params: adminIdParams,
        body: adminBranchBody,
        response: { 200: adminBranchResponse, ...refusals },
      },
    },
    async (request) => app.adminBranches.update(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/admin/branches/:id/visibility',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Oculta o muestra una sede en la tienda (sus pedidos la siguen mostrando)',
        params: adminIdParams,
        body: branchVisibilityBody,
        response: { 200: adminBranchResponse, ...refusals },
      },
    },
    async (request) => app.adminBranches.setHidden(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/admin/branches/:id/hours',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Reemplaza el horario semanal: varios horarios por día, y horarios que pasan la medianoche (18:00–02:00)',
        params: adminIdParams,
        body: branchHoursBody,
        response: { 200: adminBranchResponse, ...refusals },
      },
    },
    async (request) => app.adminBranches.replaceHours(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/admin/branches/:id/exceptions',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Reemplaza las excepciones por fecha: día cerrado (festivo) u horario especial ese día',
        params: adminIdParams,
        body: branchExceptionsBody,
        response: { 200: adminBranchResponse, ...refusals },
      },
    },
    async (request) => app.adminBranches.replaceExceptions(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/admin/branches/:id/zones',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Reemplaza las zonas de domicilio: barrio o zona, costo del domicilio y pedido mínimo (pesos)',
        params: adminIdParams,
        body: branchZonesBody,
        response: { 200: adminBranchResponse, ...refusals },
      },
    },
    async (request) => app.adminBranches.replaceZones(actorOf(request), request.params.id, request.body),
  );
};

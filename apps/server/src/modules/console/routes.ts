import {
  CONSOLE_MESSAGES,
  availabilityBody,
  branchConsoleListResponse,
  branchConsoleResponse,
  branchParams,
  branchProductListResponse,
  branchProductParams,
  branchProductResponse,
  branchSummaryResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  pauseBody,
  rushBody,
  settingsBody,
  staffMeResponse,
  summaryQuery,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canActOnBranch, STAFF_ROLES } from '../../lib/authorization';
import { notFound } from '../../lib/http-error';
import { actorOf, signedInUser } from '../../lib/request-user';

const tags = ['Consola de sede'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema };

/** The branch console's branch routes: staff of the branch, or an admin; 403 for anyone else. */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Staff or admin acting on the branch in the path. */
  const existing = async (id: number) => ((await app.catalog.branchExists(id)) ? id : null);
  const onBranch = app.authorize<{ id: number }>({
    roles: STAFF_ROLES,
    branch: (request) => existing(request.params.id),
    notFound: CONSOLE_MESSAGES.branchNotFound,
  });
  /** Who flips a switch, for the change log. */
  const found = <T>(value: T | null): T => {
    if (value === null) throw notFound(CONSOLE_MESSAGES.branchNotFound);
    return value;
  };

  app.get(
    '/staff/me',
    {
      preHandler: app.authorize({ roles: STAFF_ROLES }),
      schema: {
        tags,
        security,
        summary: 'La cuenta que usa el panel: su rol y sus sedes (vacío para la administración, que tiene todas)',
        response: { 200: staffMeResponse, 401: errorMessageSchema, 403: errorMessageSchema },
      },
    },
    async (request) => {
      const { id, name, email, phone, role, branch_ids } = signedInUser(request);
      // Customers never pass the guard: the role here is staff or admin.
      return { user: { id, name, email, phone, role: role === 'admin' ? ('admin' as const) : ('staff' as const), branch_ids: [...branch_ids] } };
    },
  );

  app.get(
    '/staff/branches',
    {
      preHandler: app.authorize({ roles: STAFF_ROLES }),
      schema: {
        tags,
        security,
        summary: 'Las sedes en las que el usuario puede trabajar, con su estado (pausa, alta demanda, ajustes)',
        response: { 200: branchConsoleListResponse, 401: errorMessageSchema, 403: errorMessageSchema },
      },
    },
    async (request) => ({
      results: (await app.console.list('all')).filter((branch) => canActOnBranch(signedInUser(request), branch.id)),
    }),
  );

  app.get(
    '/staff/branches/:id',
    {
      preHandler: onBranch,
      schema: { tags, security, summary: 'El estado de una sede para su consola', params: branchParams, response: { 200: branchConsoleResponse, ...refusals } },
    },
    async (request) => ({ results: found(await app.console.get(request.params.id)) }),
  );

  app.put(
    '/staff/branches/:id/pause',
    {
      preHandler: onBranch,
      schema: {
        tags,
        security,
        summary:
          'Pausar pedidos: {minutes: 15} pausa esos minutos (1–1440), {minutes: 0} reanuda, {until_reopened: true} pausa hasta reanudar. Avisa a todas las pantallas (branch-status)',
        params: branchParams,
        body: pauseBody,
        response: { 200: branchConsoleResponse, ...refusals },
      },
    },
    async (request) => ({ results: found(await app.console.pause(request.params.id, request.body, actorOf(request))) }),
  );

  app.put(
    '/staff/branches/:id/rush',
    {
      preHandler: onBranch,
      schema: {
        tags,
        security,
        summary: 'Alta demanda: minutos que se suman a cada hora prometida (0 la termina)',
        params: branchParams,
        body: rushBody,
        response: { 200: branchConsoleResponse, ...refusals },
      },
    },
    async (request) => ({ results: found(await app.console.rush(request.params.id, request.body.extra_minutes, actorOf(request))) }),
  );

  app.put(
    '/staff/branches/:id/settings',
    {
      preHandler: onBranch,
      schema: {
        tags,
        security,
        summary: 'Ajustes de la sede: imprimir al aceptar (auto_print) y el tiempo de preparación habitual (prep_minutes)',
        params: branchParams,
        body: settingsBody,
        response: { 200: branchConsoleResponse, ...refusals },
      },
    },
    async (request) => ({ results: found(await app.console.settings(request.params.id, request.body, actorOf(request))) }),
  );

  app.get(
    '/staff/branches/:id/products',
    {
      preHandler: onBranch,
      schema: {
        tags,
        security,
        summary: 'Los productos del menú con su estado en la sede (agotado, no se vende), para los interruptores de Agotado',
        params: branchParams,
        response: { 200: branchProductListResponse, ...refusals },
      },
    },
    async (request) => ({ results: found(await app.console.products(request.params.id)) }),
  );

  app.put(
    '/staff/branches/:id/products/:productId/availability',
    {
      preHandler: app.authorize<{ id: number; productId: number }>({
        roles: STAFF_ROLES,
        branch: (request) => existing(request.params.id),
        notFound: CONSOLE_MESSAGES.branchNotFound,
      }),
      schema: {
        tags,
        security,
        summary: 'Agotado en la sede, o de nuevo disponible; las tiendas abiertas lo ven al instante (availability)',
        params: branchProductParams,
        body: availabilityBody,
        response: { 200: branchProductResponse, ...refusals },
      },
    },
    async (request) => {
      const result = await app.console.setSoldOut(request.params.id, request.params.productId, request.body.sold_out, actorOf(request));
      if (result === 'no_branch') throw notFound(CONSOLE_MESSAGES.branchNotFound);
      if (result === 'no_product') throw notFound(CONSOLE_MESSAGES.productNotFound);
      return { results: result };
    },
  );

  app.get(
    '/staff/branches/:id/summary',
    {
      preHandler: onBranch,
      schema: {
        tags,
        security,
        summary: 'El resumen de un día de la sede (hora de Bogotá; por defecto hoy): pedidos, ventas por medio de pago, rechazos y sus motivos, tiempo medio hasta listo',
        params: branchParams,
        querystring: summaryQuery,
        response: { 200: branchSummaryResponse, ...refusals },
      },
    },
    async (request) => ({ results: found(await app.console.summary(request.params.id, request.query.date)) }),
  );
};

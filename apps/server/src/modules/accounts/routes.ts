import {
  authResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  loginBody,
  meResponse,
  registerBody,
  statusResponse,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../lib/request-user';

const tags = ['Cuenta'];
const security = [{ bearerAuth: [] }];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Inicia sesión con email o número de celular',
        body: loginBody,
        response: { 200: authResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
      },
    },
    async (request) => app.accounts.login(request.body, request.ip, request.headers['user-agent']),
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Crea una cuenta e inicia sesión',
        body: registerBody,
        response: { 200: authResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
      },
    },
    async (request) => app.accounts.register(request.body, request.ip, request.headers['user-agent']),
  );

  app.post(
    '/logout',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Cierra la sesión: el token deja de servir', response: { 200: statusResponse, 401: errorMessageSchema } },
    },
    async (request) => {
      await app.accounts.logout(signedInUser(request));
      return { status: true };
    },
  );

  app.get(
    '/me',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'El usuario de la sesión', response: { 200: meResponse, 401: errorMessageSchema } },
    },
    async (request) => ({ user: app.accounts.publicUser(signedInUser(request)) }),
  );
};

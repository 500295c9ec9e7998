import {
  adminBranchProductBody,
  adminBranchProductParams,
  adminBranchProductSchema,
  adminCategoryBody,
  adminCategorySchema,
  adminIdParams,
  adminProductBody,
  adminProductSchema,
  adminProductsQuery,
  adminProductSummarySchema,
  adminProductUpdateBody,
  errorMessageSchema,
  fieldErrorsSchema,
  listOf,
  oneOf,
  reorderBody,
  visibilityBody,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-user';

const tags = ['Administración'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema };

/** `/api/admin/categories`, `/api/admin/products`, `/api/admin/branches/{id}/products/{productId}`: admins only. */
export const adminMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.authorize({ roles: ['admin'] });
  const menu = app.adminMenu;

  // ------------------------------------------------------------------------------------------
  // Categories
  // ------------------------------------------------------------------------------------------

  app.get(
    '/admin/categories',
    { preHandler, schema: { tags, security, summary: 'Todas las categorías, también las ocultas, en el orden del menú', response: { 200: listOf(adminCategorySchema), ...refusals } } },
    async () => ({ results: await menu.categories() }),
  );

  app.post(
    '/admin/categories',
    {
      preHandler,
      schema: { tags, security, summary: 'Crea una categoría al final del menú (su slug sale del nombre)', body: adminCategoryBody, response: { 201: oneOf(adminCategorySchema), ...refusals } },
    },
    async (request, reply) => reply.code(201).send({ results: await menu.createCategory(actorOf(request), request.body) }),
  );

  app.put(
    '/admin/categories/order',
    { preHandler, schema: { tags, security, summary: 'Reordena las categorías (la lista completa de ids)', body: reorderBody, response: { 200: listOf(adminCategorySchema), ...refusals } } },
    async (request) => ({ results: await menu.reorderCategories(actorOf(request), request.body.ids) }),
  );

  app.put(
    '/admin/categories/:id',
    {
      preHandler,
      schema: { tags, security, summary: 'Cambia el nombre o la foto de una categoría (el slug no cambia)', params: adminIdParams, body: adminCategoryBody, response: { 200: oneOf(adminCategorySchema), ...refusals } },
    },
    async (request) => ({ results: await menu.updateCategory(actorOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/admin/categories/:id/visibility',
    {
      preHandler,
      schema: { tags, security, summary: 'Oculta o muestra una categoría en todas las tiendas (no se borra)', params: adminIdParams, body: visibilityBody, response: { 200: oneOf(adminCategorySchema), ...refusals } },
    },
    async (request) => ({ results: await menu.setCategoryHidden(actorOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/admin/categories/:id/products/order',
    {
      preHandler,
      schema: { tags, security, summary: 'Reordena los productos de una categoría (la lista completa de ids)', params: adminIdParams, body: reorderBody, response: { 200: listOf(adminProductSummarySchema), ...refusals } },
    },
    async (request) => ({ results: await menu.reorderProducts(actorOf(request), request.params.id, request.body.ids) }),
  );

  // ------------------------------------------------------------------------------------------
  // Products
  // ------------------------------------------------------------------------------------------

  app.get(
    '/admin/products',
    {
      preHandler,
      schema: { tags, security, summary: 'Productos (también los ocultos), por categoría y por palabras del nombre', querystring: adminProductsQuery, response: { 200: listOf(adminProductSummarySchema), ...refusals } },
    },
    async (request) => ({ results: await menu.products(request.query) }),
  );

  app.get(
    '/admin/products/:id',
    { preHandler, schema: { tags, security, summary: 'Un producto para editarlo, con sus grupos de opciones y su versión', params: adminIdParams, response: { 200: oneOf(adminProductSchema), ...refusals } } },
    async (request) => ({ results: await menu.product(request.params.id) }),
  );

  app.post(
    '/admin/products',
    {
      preHandler,
      schema: { tags, security, summary: 'Crea un producto con sus grupos de opciones (su slug sale del nombre)', body: adminProductBody, response: { 201: oneOf(adminProductSchema), ...refusals } },
    },
    async (request, reply) => reply.code(201).send({ results: await menu.createProduct(actorOf(request), request.body) }),
  );

  app.put(
    '/admin/products/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Guarda un producto y sus grupos; 409 si otra persona lo cambió desde que se leyó su versión',
        params: adminIdParams,
        body: adminProductUpdateBody,
        response: { 200: oneOf(adminProductSchema), ...refusals, 409: errorMessageSchema },
      },
    },
    async (request) => ({ results: await menu.updateProduct(actorOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/admin/products/:id/visibility',
    {
      preHandler,
      schema: { tags, security, summary: 'Oculta o muestra un producto en todas las tiendas (no se borra)', params: adminIdParams, body: visibilityBody, response: { 200: oneOf(adminProductSummarySchema), ...refusals } },
    },
    async (request) => ({ results: await menu.setProductHidden(actorOf(request), request.params.id, request.body) }),
  );

  // ------------------------------------------------------------------------------------------
  // A product at each branch
  // ------------------------------------------------------------------------------------------

  app.get(
    '/admin/products/:id/branches',
    { preHandler, schema: { tags, security, summary: 'Lo que cada sede hace con el producto: lo ofrece, su precio, agotado', params: adminIdParams, response: { 200: listOf(adminBranchProductSchema), ...refusals } } },
    async (request) => ({ results: await menu.branchProducts(request.params.id) }),
  );

  app.put(
    '/admin/branches/:id/products/:productId',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Si la sede ofrece el producto, a qué precio (null: el del producto) y si está agotado',
        params: adminBranchProductParams,
        body: adminBranchProductBody,
        response: { 200: oneOf(adminBranchProductSchema), ...refusals },
      },
    },
    async (request) => ({ results: await menu.setBranchProduct(actorOf(request), request.params.id, request.params.productId, request.body) }),
  );
};

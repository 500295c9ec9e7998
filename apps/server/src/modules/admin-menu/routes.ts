import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guard } from '../../plugins/authorization';
import { route, type RouteApp } from '../../lib/route';
import { actorOf } from '../../lib/request-user';
import { CSV_CONTENT_TYPE, attachment } from '../../lib/csv';

/** `/api/admin/categories` and a category's product order. */
function categoryRoutes(app: RouteApp, preHandler: Guard) {
  const menu = app.adminMenu;

  route(app, contract.getAdminCategories, { preHandler }, async () => ({
    results: await menu.categories(),
  }));

  route(app, contract.createCategory, { preHandler }, async (request, reply) =>
    reply.code(201).send({ results: await menu.createCategory(actorOf(request), request.body) }),
  );

  route(app, contract.reorderCategories, { preHandler }, async (request) => ({
    results: await menu.reorderCategories(actorOf(request), request.body.ids),
  }));

  route(app, contract.updateCategory, { preHandler }, async (request) => ({
    results: await menu.updateCategory(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.setCategoryVisibility, { preHandler }, async (request) => ({
    results: await menu.setCategoryHidden(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.reorderProducts, { preHandler }, async (request) => ({
    results: await menu.reorderProducts(actorOf(request), request.params.id, request.body.ids),
  }));
}

/** `/api/admin/products`. */
function productRoutes(app: RouteApp, preHandler: Guard) {
  const menu = app.adminMenu;

  route(app, contract.getAdminProducts, { preHandler }, async (request) => ({
    results: await menu.products(request.query),
  }));

  route(app, contract.getAdminProduct, { preHandler }, async (request) => ({
    results: await menu.product(request.params.id),
  }));

  route(app, contract.createProduct, { preHandler }, async (request, reply) =>
    reply.code(201).send({ results: await menu.createProduct(actorOf(request), request.body) }),
  );

  route(app, contract.updateProduct, { preHandler }, async (request) => ({
    results: await menu.updateProduct(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.setProductVisibility, { preHandler }, async (request) => ({
    results: await menu.setProductHidden(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.duplicateProduct, { preHandler }, async (request, reply) =>
    reply
      .code(201)
      .send({ results: await menu.duplicateProduct(actorOf(request), request.params.id) }),
  );
}

/** `/api/admin/prices/…`: a bulk price change, previewed then applied. */
function priceRoutes(app: RouteApp, preHandler: Guard) {
  const menu = app.adminMenu;

  route(app, contract.previewPriceChange, { preHandler }, async (request) => ({
    results: await menu.previewPriceChange(request.body),
  }));

  route(app, contract.applyPriceChange, { preHandler }, async (request) => ({
    results: await menu.applyPriceChange(actorOf(request), request.body),
  }));
}

/** `/api/admin/menu.csv` and its import back: previewed, then applied all or nothing. */
function menuCsvRoutes(app: RouteApp, preHandler: Guard) {
  const menu = app.adminMenu;

  route(app, contract.getMenuCsv, { preHandler }, async (_request, reply) => {
    const { csv, filename } = await menu.menuCsv();
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('Content-Disposition', attachment(filename))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  route(app, contract.previewMenuImport, { preHandler }, async (request) => ({
    results: await menu.previewMenuImport(request.body.csv),
  }));

  route(app, contract.applyMenuImport, { preHandler }, async (request) => ({
    results: await menu.applyMenuImport(actorOf(request), request.body),
  }));
}

/** A product at each branch: `/api/admin/branches/{id}/products/{productId}`. */
function branchProductRoutes(app: RouteApp, preHandler: Guard) {
  const menu = app.adminMenu;

  route(app, contract.getProductBranches, { preHandler }, async (request) => ({
    results: await menu.branchProducts(request.params.id),
  }));

  route(app, contract.setBranchProduct, { preHandler }, async (request) => ({
    results: await menu.setBranchProduct(
      actorOf(request),
      request.params.id,
      request.params.productId,
      request.body,
    ),
  }));
}

/** `/api/admin/categories`, `/api/admin/products`, `/api/admin/branches/{id}/products/{productId}`, `/api/admin/prices`, `/api/admin/menu…`: admins only. */
export const adminMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.authorize({ roles: ['admin'] });
  categoryRoutes(app, preHandler);
  productRoutes(app, preHandler);
  branchProductRoutes(app, preHandler);
  priceRoutes(app, preHandler);
  menuCsvRoutes(app, preHandler);
};

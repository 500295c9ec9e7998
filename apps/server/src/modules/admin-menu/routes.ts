import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, type RouteApp } from '../../lib/route';
import { actorOf } from '../../lib/request-user';
import { CSV_CONTENT_TYPE, attachment } from '../../lib/csv';

/** `/api/admin/categories` and a category's product order. */
function categoryRoutes(app: RouteApp) {
  const menu = app.adminMenu;

  route(app, contract.getAdminCategories, {}, async () => ({
    results: await menu.categories(),
  }));

  route(app, contract.createCategory, {}, async (request, reply) =>
    reply.code(201).send({ results: await menu.createCategory(actorOf(request), request.body) }),
  );

  route(app, contract.reorderCategories, {}, async (request) => ({
    results: await menu.reorderCategories(actorOf(request), request.body.ids),
  }));

  route(app, contract.updateCategory, {}, async (request) => ({
    results: await menu.updateCategory(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.setCategoryVisibility, {}, async (request) => ({
    results: await menu.setCategoryHidden(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.reorderProducts, {}, async (request) => ({
    results: await menu.reorderProducts(actorOf(request), request.params.id, request.body.ids),
  }));
}

/** `/api/admin/products`. */
function productRoutes(app: RouteApp) {
  const menu = app.adminMenu;

  route(app, contract.getAdminProducts, {}, async (request) => ({
    results: await menu.products(request.query),
  }));

  route(app, contract.getAdminProduct, {}, async (request) => ({
    results: await menu.product(request.params.id),
  }));

  route(app, contract.createProduct, {}, async (request, reply) =>
    reply.code(201).send({ results: await menu.createProduct(actorOf(request), request.body) }),
  );

  route(app, contract.updateProduct, {}, async (request) => ({
    results: await menu.updateProduct(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.setProductVisibility, {}, async (request) => ({
    results: await menu.setProductHidden(actorOf(request), request.params.id, request.body),
  }));

  route(app, contract.duplicateProduct, {}, async (request, reply) =>
    reply
      .code(201)
      .send({ results: await menu.duplicateProduct(actorOf(request), request.params.id) }),
  );
}

/** `/api/admin/prices/…`: a bulk price change, previewed then applied. */
function priceRoutes(app: RouteApp) {
  const menu = app.adminMenu;

  route(app, contract.previewPriceChange, {}, async (request) => ({
    results: await menu.previewPriceChange(request.body),
  }));

  route(app, contract.applyPriceChange, {}, async (request) => ({
    results: await menu.applyPriceChange(actorOf(request), request.body),
  }));
}

/** `/api/admin/menu.csv` and its import back: previewed, then applied all or nothing. */
function menuCsvRoutes(app: RouteApp) {
  const menu = app.adminMenu;

  route(app, contract.getMenuCsv, {}, async (_request, reply) => {
    const { csv, filename } = await menu.menuCsv();
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('Content-Disposition', attachment(filename))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  route(app, contract.previewMenuImport, {}, async (request) => ({
    results: await menu.previewMenuImport(request.body.csv),
  }));

  route(app, contract.applyMenuImport, {}, async (request) => ({
    results: await menu.applyMenuImport(actorOf(request), request.body),
  }));
}

/** A product at each branch: `/api/admin/branches/{id}/products/{productId}`. */
function branchProductRoutes(app: RouteApp) {
  const menu = app.adminMenu;

  route(app, contract.getProductBranches, {}, async (request) => ({
    results: await menu.branchProducts(request.params.id),
  }));

  route(app, contract.setBranchProduct, {}, async (request) => ({
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
  categoryRoutes(app);
  productRoutes(app);
  branchProductRoutes(app);
  priceRoutes(app);
  menuCsvRoutes(app);
};

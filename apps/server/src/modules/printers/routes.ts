import { CONSOLE_MESSAGES, PRINTER_MESSAGES, contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, type RouteApp } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** The back office: a branch's printers (admins only: nobody else says where the server connects). */
function adminPrinterRoutes(app: RouteApp) {
  route(app, contract.getBranchPrinters, {}, async (request) =>
    app.printers.list(request.params.id),
  );
  route(app, contract.createPrinter, {}, async (request, reply) =>
    reply
      .code(201)
      .send(await app.printers.create(actorOf(request), request.params.id, request.body)),
  );
  route(app, contract.updatePrinter, {}, async (request) =>
    app.printers.update(
      actorOf(request),
      request.params.id,
      request.params.printerId,
      request.body,
    ),
  );
  route(app, contract.deletePrinter, {}, async (request) =>
    app.printers.remove(
      actorOf(request),
      request.params.id,
      request.params.printerId,
      request.query.version,
    ),
  );
}

/** The console: the branch's printers' state, and Reimprimir (staff of the order's branch). */
function consolePrinterRoutes(app: RouteApp) {
  route(
    app,
    contract.getStaffPrinters,
    {
      branch: async (request) =>
        (await app.catalog.branchExists(request.params.id)) ? request.params.id : null,
      notFound: CONSOLE_MESSAGES.branchNotFound,
    },
    async (request) => app.printers.forStaff(request.params.id),
  );
  route(
    app,
    contract.reprintOrder,
    {
      branch: (request) => app.orders.branchOf(request.params.id),
      notFound: PRINTER_MESSAGES.orderNotFound,
    },
    async (request) => app.printers.reprint(request.params.id, request.query.printer),
  );
}

/** `/api/admin/branches/{id}/printers…` and the console's printers (decision 071). */
export const printersRoutes: FastifyPluginAsyncZod = async (app) => {
  adminPrinterRoutes(app);
  consolePrinterRoutes(app);
};

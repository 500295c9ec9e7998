import { CONSOLE_MESSAGES, contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canActOnBranch, STAFF_ROLES } from '../../lib/authorization';
import { attachment, CSV_CONTENT_TYPE } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import type { Guard } from '../../plugins/authorization';
import { route, type RouteApp } from '../../lib/route';
import { actorOf, signedInUser } from '../../lib/request-user';

/** A branch's answer, or the console's 404 when there is no such branch. */
const found = <T>(value: T | null): T => {
  if (value === null) throw notFound(CONSOLE_MESSAGES.branchNotFound);
  return value;
};

/** Staff or admin acting on the branch in the path (404 when it does not exist). */
const onBranchOf = (app: RouteApp) =>
  app.authorize<{ id: number }>({
    roles: STAFF_ROLES,
    branch: async (request) =>
      (await app.catalog.branchExists(request.params.id)) ? request.params.id : null,
    notFound: CONSOLE_MESSAGES.branchNotFound,
  });

/** Who is signed in, and the branches they may open a console on. */
function staffRoutes(app: RouteApp) {
  const preHandler = app.authorize({ roles: STAFF_ROLES });

  route(app, contract.getStaffMe, { preHandler }, async (request) => {
    const { id, name, email, phone, role, branch_ids } = signedInUser(request);
    // Customers never pass the guard: the role here is staff or admin.
    return {
      user: {
        id,
        name,
        email,
        phone,
        role: role === 'admin' ? ('admin' as const) : ('staff' as const),
        branch_ids: [...branch_ids],
      },
    };
  });

  route(app, contract.getStaffBranches, { preHandler }, async (request) => ({
    results: (await app.console.list('all')).filter((branch) =>
      canActOnBranch(signedInUser(request), branch.id),
    ),
  }));
}

/** One branch's state and switches (the change log records who flipped each). */
function branchRoutes(app: RouteApp, preHandler: Guard) {
  route(app, contract.getStaffBranch, { preHandler }, async (request) => ({
    results: found(await app.console.get(request.params.id)),
  }));

  route(app, contract.pauseBranch, { preHandler }, async (request) => ({
    results: found(await app.console.pause(request.params.id, request.body, actorOf(request))),
  }));

  route(app, contract.setBranchRush, { preHandler }, async (request) => ({
    results: found(
      await app.console.rush(request.params.id, request.body.extra_minutes, actorOf(request)),
    ),
  }));

  route(app, contract.updateBranchSettings, { preHandler }, async (request) => ({
    results: found(await app.console.settings(request.params.id, request.body, actorOf(request))),
  }));
}

/** The branch's products and their options, each with its sold-out switch. */
function productRoutes(app: RouteApp, preHandler: Guard) {
  route(app, contract.getStaffBranchProducts, { preHandler }, async (request) => ({
    results: found(await app.console.products(request.params.id)),
  }));

  route(app, contract.setProductAvailability, { preHandler: onBranchOf(app) }, async (request) => {
    const result = await app.console.setSoldOut(
      request.params.id,
      request.params.productId,
      request.body.sold_out,
      actorOf(request),
    );
    if (result === 'no_branch') throw notFound(CONSOLE_MESSAGES.branchNotFound);
    if (result === 'no_product') throw notFound(CONSOLE_MESSAGES.productNotFound);
    return { results: result };
  });

  // "Sin aguacate hoy" (decision 050): the same guard, so one-branch staff switch only theirs.
  route(app, contract.setOptionAvailability, { preHandler: onBranchOf(app) }, async (request) => {
    const result = await app.console.setOptionSoldOut(
      request.params.id,
      request.params.optionId,
      request.body.sold_out,
      actorOf(request),
    );
    if (result === 'no_branch') throw notFound(CONSOLE_MESSAGES.branchNotFound);
    if (result === 'no_option') throw notFound(CONSOLE_MESSAGES.optionNotFound);
    return { results: result };
  });
}

/** The branch console's branch routes: staff of the branch, or an admin; 403 for anyone else. */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const onBranch = onBranchOf(app);
  staffRoutes(app);
  branchRoutes(app, onBranch);
  productRoutes(app, onBranch);
  route(app, contract.getBranchSummary, { preHandler: onBranch }, async (request) => ({
    results: found(await app.console.summary(request.params.id, request.query.date)),
  }));

  route(app, contract.getBranchDayOrders, { preHandler: onBranch }, async (request) => ({
    results: found(await app.console.dayList(request.params.id, request.query)),
  }));

  route(app, contract.getBranchDayCsv, { preHandler: onBranch }, async (request, reply) => {
    const { day, csv } = found(await app.console.dayCsv(request.params.id, request.query.date));
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('Content-Disposition', attachment(`dia-sede-${request.params.id}-${day}.csv`))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
};

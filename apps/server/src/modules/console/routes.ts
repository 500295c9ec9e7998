import { CONSOLE_MESSAGES, contract, type StaffRole } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canActOnBranch } from '../../lib/authorization';
import { businessDay } from '../../lib/business-day';
import { attachment, CSV_CONTENT_TYPE } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { route, type RouteApp } from '../../lib/route';
import { actorOf, signedInUser } from '../../lib/request-user';

/** A branch's answer, or the console's 404 when there is no such branch. */
const found = <T>(value: T | null): T => {
  if (value === null) throw notFound(CONSOLE_MESSAGES.branchNotFound);
  return value;
};

/** The branch in the path, for the guard of staff or admin acting on it (404 when it does not exist). */
const onBranchOf = (app: RouteApp) => ({
  branch: async (request: { params: { id: number } }) =>
    (await app.catalog.branchExists(request.params.id)) ? request.params.id : null,
  notFound: CONSOLE_MESSAGES.branchNotFound,
});

type OnBranch = ReturnType<typeof onBranchOf>;

/** Who is signed in, and the branches they may open a console on. */
function staffRoutes(app: RouteApp) {
  route(app, contract.getStaffMe, {}, async (request) => {
    const user = signedInUser(request);
    const { id, name, email, phone, role, branch_ids, second_factor_grace_until } = user;
    // Customers never pass the guard: the role here is staff, admin or courier.
    return {
      user: {
        ...{ id, name, email, phone, second_factor_grace_until },
        role: role as StaffRole,
        branch_ids: [...branch_ids],
      },
    };
  });

  route(app, contract.getStaffBranches, {}, async (request) => ({
    results: (await app.console.list('all')).filter((branch) =>
      canActOnBranch(signedInUser(request), branch.id),
    ),
  }));
}

/** One branch's state and switches (the change log records who flipped each). */
function branchRoutes(app: RouteApp, onBranch: OnBranch) {
  route(app, contract.getStaffBranch, onBranch, async (request) => ({
    results: found(await app.console.get(request.params.id)),
  }));

  route(app, contract.pauseBranch, onBranch, async (request) => ({
    results: found(await app.console.pause(request.params.id, request.body, actorOf(request))),
  }));

  route(app, contract.setBranchRush, onBranch, async (request) => ({
    results: found(
      await app.console.rush(request.params.id, request.body.extra_minutes, actorOf(request)),
    ),
  }));

  route(app, contract.updateBranchSettings, onBranch, async (request) => {
    // An admin may set what the back office holds (the slot capacity) from the console too.
    const actor = { ...actorOf(request), mayOverride: signedInUser(request).role === 'admin' };
    return { results: found(await app.console.settings(request.params.id, request.body, actor)) };
  });
}

/** The branch's products and their options, each with its sold-out switch. */
function productRoutes(app: RouteApp, onBranch: OnBranch) {
  route(app, contract.getStaffBranchProducts, onBranch, async (request) => ({
    results: found(await app.console.products(request.params.id)),
  }));

  route(app, contract.setProductAvailability, onBranch, async (request) => {
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
  route(app, contract.setOptionAvailability, onBranch, async (request) => {
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
  route(app, contract.getBranchSummary, onBranch, async (request) => ({
    results: found(
      await app.console.summary(request.params.id, businessDay(request.query.date, app.clock)),
    ),
  }));

  route(app, contract.getBranchDayOrders, onBranch, async (request) => {
    businessDay(request.query.date, app.clock);
    return { results: found(await app.console.dayList(request.params.id, request.query)) };
  });

  route(app, contract.getBranchDayCsv, onBranch, async (request, reply) => {
    const date = businessDay(request.query.date, app.clock);
    const { day, csv } = found(await app.console.dayCsv(request.params.id, date));
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('Content-Disposition', attachment(`dia-sede-${request.params.id}-${day}.csv`))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
};

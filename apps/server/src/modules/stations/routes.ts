import { STATION_MESSAGES, contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, type RouteApp } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** The back office: a branch's station list (admins). */
function adminStationRoutes(app: RouteApp) {
  route(app, contract.getBranchStations, {}, async (request) =>
    app.stations.list(request.params.id),
  );
  route(app, contract.putBranchStations, {}, async (request) =>
    app.stations.save(actorOf(request), request.params.id, request.body),
  );
  route(app, contract.putProductStation, {}, async (request) =>
    app.stations.setProductStation(actorOf(request), request.params.id, request.body.station_id),
  );
}

/** The kitchen's screens: staff of the branch (of the item's order's branch for a bump). */
function kitchenRoutes(app: RouteApp) {
  const branch = {
    branch: async (request: { params: { id: number } }) =>
      (await app.stations.branchExists(request.params.id)) ? request.params.id : null,
    notFound: STATION_MESSAGES.branchNotFound,
  };
  const item = {
    branch: (request: { params: { id: number } }) => app.stations.branchOfItem(request.params.id),
    notFound: STATION_MESSAGES.itemNotFound,
  };
  route(app, contract.getKitchenStations, branch, async (request) =>
    app.stations.kitchenStations(request.params.id),
  );
  route(app, contract.getStationItems, branch, async (request) =>
    app.stations.items(request.params.id, request.params.stationId),
  );
  route(app, contract.bumpOrderItem, item, async (request) =>
    app.stations.bump(request.params.id, true),
  );
  route(app, contract.unbumpOrderItem, item, async (request) =>
    app.stations.bump(request.params.id, false),
  );
  route(app, contract.getExpo, branch, async (request) => app.stations.expo(request.params.id));
}

/** `/api/admin/branches/{id}/stations` and the kitchen's screens (decision 072). */
export const stationsRoutes: FastifyPluginAsyncZod = async (app) => {
  adminStationRoutes(app);
  kitchenRoutes(app);
};

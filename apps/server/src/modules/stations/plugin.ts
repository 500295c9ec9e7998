import { SOCKET_EVENTS, type PlacedOrder, type StationsBody } from '@comanda/shared';
import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import type { AuditActor } from '../../lib/audit-record';
import { expo, setItemDone, stationItems } from './kitchen';
import { stationPartsOfOrder } from './routing';
import { setProductStation } from './product-station';
import { createStationWork, type StationWork } from './station-speed';
import { listStations, saveStations, stationsOfBranch } from './stations';
import { branchExists, branchOfLine } from './stations-repository';
import type { StationsDeps } from './types';

/** The stations as app.stations: what the routes call, each a function of the deps. */
function stationsOf(deps: StationsDeps) {
  return {
    branchExists: (branchId: number) => branchExists(deps.db, branchId),
    branchOfItem: (itemId: number) => branchOfLine(deps.db, itemId),
    list: (branchId: number) => listStations(deps, branchId),
    save: (actor: AuditActor, branchId: number, body: StationsBody) =>
      saveStations(deps, actor, branchId, body),
    setProductStation: (actor: AuditActor, productId: number, stationId: number | null) =>
      setProductStation(deps, actor, productId, stationId),
    kitchenStations: async (branchId: number) => ({
      results: await stationsOfBranch(deps.db, branchId),
    }),
    items: (branchId: number, stationId: number) => stationItems(deps, branchId, stationId),
    bump: (itemId: number, done: boolean) => setItemDone(deps, itemId, done),
    expo: (branchId: number) => expo(deps, branchId),
  };
}

export type Stations = ReturnType<typeof stationsOf>;

/** What the printers' module (decision 071) takes from the stations: tickets' parts, the ids' check. */
interface PrintersPort {
  useStations(
    parts: (
      order: PlacedOrder,
      stationIds: readonly number[],
    ) => ReturnType<typeof stationPartsOfOrder>,
    branchStations: (branchId: number) => Promise<ReadonlySet<number>>,
  ): void;
}

/** What the orders module (decision 088) takes from the stations: their speeds and open work. */
interface OrdersPort {
  useStationWork(port: (branchId: number) => Promise<StationWork | null>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    stations: Stations;
  }
}

/**
 * Kitchen stations (decision 072): app.stations for the routes; a bump told to the branch's
 * screens as `station-item`; and, when the printers are there, their station tickets' port.
 */
export const stationsPlugin = fp(
  async (app) => {
    const deps: StationsDeps = {
      db: app.db,
      clock: app.clock,
      write: adminWriteOf(app),
      announce: (event) => app.realtime.toBranch(event.branch_id, SOCKET_EVENTS.stationItem, event),
    };
    app.decorate('stations', stationsOf(deps));
    // The printers' station tickets read the routing from here; plugged once every plugin is in,
    // whichever registered first, and only when the printers' module is part of this build.
    app.addHook('onReady', async () => {
      const printers = (app as unknown as { printers?: PrintersPort }).printers;
      printers?.useStations(
        (order, stationIds) => stationPartsOfOrder(app.db, order, stationIds),
        async (branchId) => new Set((await stationsOfBranch(app.db, branchId)).map((s) => s.id)),
      );
      // The promise reads each station's queue and speed once they are measured (decision 088).
      const orders = (app as unknown as { orders?: OrdersPort }).orders;
      orders?.useStationWork(createStationWork(app.db, app.clock));
    });
  },
  { name: 'stations', dependencies: ['db', 'audit', 'catalog-events', 'socket'] },
);

export { stationsRoutes } from './routes';
export { stationItemsOfOrder } from './routing';

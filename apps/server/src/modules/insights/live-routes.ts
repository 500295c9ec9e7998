import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { chainLive, type LiveDeps } from './live';

/**
 * Informes' "Ahora" (admins; the contract's `adminAccess` guards it). Kept fresh on the screen
 * by the events an admin's socket already hears: it sits in the chain-wide room, where every
 * branch's `new-order`, `order-status`, `trip` and `couriers` go, and `branch-status` goes to
 * every socket; so no event of its own, and a staff socket hears nothing more than before.
 */
export const liveInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: LiveDeps = {
    store: { db: app.db, dialect: app.dialect },
    clock: app.clock,
    branches: () => app.console.list('all'),
  };
  route(app, contract.getChainLiveInsights, {}, async () => chainLive(deps));
};

import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { activeBranchIds } from './branches-repository';
import type { ScrapeReadings } from './deadline';
import { ORDER_EVENTS, type Instruments } from './instruments';

/**
 * Whether each active branch takes orders now (open by its hours and exceptions, not paused),
 * read at scrape time from the orders module's remembered reference data: what the alert on a
 * branch whose orders stopped needs to tell "closed" from "nobody can order". The same reading
 * gives every active branch its order series at zero, so that a branch with no order since the
 * node started still has one (`increase()` of a missing series is nothing, not 0).
 */
export function branchGauge(
  app: FastifyInstance,
  registry: Registry,
  { orders }: Instruments,
  readings: ScrapeReadings,
) {
  const read = readings.reading('branches', async () => {
    const ids = await activeBranchIds(app.db);
    return Promise.all(
      ids.map(async (id) => ({ id, accepting: await app.orders.acceptingOrders(id) })),
    );
  });
  new Gauge({
    name: 'comanda_branch_accepting_orders',
    help: 'Whether an active branch takes orders now (1): open by its hours, not paused.',
    labelNames: ['branch'] as const,
    registers: [registry],
    async collect() {
      const branches = await read();
      this.reset();
      if (!branches) return;
      for (const { id, accepting } of branches) {
        const branch = String(id);
        this.set({ branch }, accepting ? 1 : 0);
        for (const event of ORDER_EVENTS) orders.inc({ branch, event }, 0);
      }
    },
  });
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { branchPrintersKept } from './branch-printers';
import { createBackground, printWhenAccepted, printWhenPlaced, type Background } from './events';
import { branchPrinters } from './printers-repository';
import { createPrintSenderDeps, deliverDue, type PrintSenderDeps } from './sender';
import { createPrintersService } from './service';
import { sendOverTcp } from './tcp';
import type { BranchStations, PrintersDeps, StationParts } from './types';

/** How often a node looks for due jobs (a retry's backoff running out, another node's jobs). */
const POLL_MS = 2_000;
/** A printer on the branch's network accepts within a second; a jammed one stops reading. */
const TIMEOUTS = { connectMs: 3_000, writeMs: 10_000 };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The printers as app.printers: the service, the queue's delivery now, and the stations' port. */
function printersOf(deps: PrintersDeps, sender: PrintSenderDeps, background: Background) {
  return {
    ...createPrintersService(deps),
    /** Resolves once the printouts being queued beside orders and steps are (events.ts). */
    queued: () => background.idle(),
    /** Prints what is due now (the timer's and a nudge's run, shared); answers how many printed. */
    deliverDue: () => deliverDue(sender),
    /** Plugs the kitchen stations in: their tickets, and the check of `station:<id>`. */
    useStations(parts: StationParts, branchStations: BranchStations) {
      deps.stations = parts;
      deps.branchStations = branchStations;
    },
  };
}

export type Printers = ReturnType<typeof printersOf>;

declare module 'fastify' {
  interface FastifyInstance {
    printers: Printers;
  }
}

function senderOf(app: FastifyInstance) {
  return createPrintSenderDeps({
    store: { db: app.db, dialect: app.dialect },
    clock: app.clock,
    send: (target, payload) => sendOverTcp(target, payload, TIMEOUTS),
    onError: (error, jobId) =>
      app.log.warn({ jobId, reason: reasonOf(error) }, 'print job not printed; retrying later'),
  });
}

/**
 * Thermal printers over TCP (decision 071): app.printers for the routes; plugged into orders so
 * a new or accepted order queues its printouts beside it; the queue delivered on every node
 * every POLL_MS once the app is ready, and at once when something is queued.
 */
export const printersPlugin = fp(
  async (app) => {
    const sender = senderOf(app);
    const runFailed = (error: unknown) =>
      app.log.warn({ reason: reasonOf(error) }, 'print delivery failed');
    const deliver = () => void deliverDue(sender).catch(runFailed);
    const deps: PrintersDeps = {
      db: app.db,
      dialect: app.dialect,
      clock: app.clock,
      write: adminWriteOf(app),
      printers: branchPrintersKept((branchId) => branchPrinters(app.db, branchId)),
      loadOrder: (id) => app.orders.load(id),
      stations: null,
      branchStations: null,
      nudge: deliver,
    };
    const background = createBackground((error, what) =>
      app.log.error({ reason: reasonOf(error) }, `${what} failed`),
    );
    app.decorate('printers', printersOf(deps, sender, background));
    app.catalogEvents.subscribe((change) => deps.printers.forget(change));
    app.orders.afterPlaced(printWhenPlaced(deps, background));
    app.orders.afterStep(printWhenAccepted(deps, background));

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(deliver, POLL_MS);
      timer.unref();
      deliver();
    });
    app.addHook('preClose', async () => clearInterval(timer));
    // What was being queued or sent finishes (or fails) before the database closes under it.
    app.addHook('onClose', async () => {
      await background.idle();
      await sender.run.running?.catch(() => undefined);
    });
  },
  { name: 'printers', dependencies: ['db', 'audit', 'catalog-events', 'orders'] },
);

export { printersRoutes } from './routes';

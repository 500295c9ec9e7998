import { SOCKET_EVENTS } from '@comanda/shared';
import fp from 'fastify-plugin';
import { createConsoleRepository } from './repository';
import { createConsoleService, type ConsoleService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    console: ConsoleService;
  }
}

/**
 * The branch console's switches and figures. Its events go to every socket (storefronts, logged
 * in or not, and staff); its changes go through catalog-events, so every node's cached answers
 * and placement checks follow at once.
 */
export const consolePlugin = fp(
  async (app) => {
    const service = createConsoleService({
      repository: createConsoleRepository(app.db),
      events: () => ({
        branchStatus: (event) => void app.io.emit(SOCKET_EVENTS.branchStatus, event),
        branchStatusHere: (event) => void app.io.local.emit(SOCKET_EVENTS.branchStatus, event),
        availability: (event) => void app.io.emit(SOCKET_EVENTS.availability, event),
        changed: (change) => app.catalogEvents.publish(change),
      }),
    });
    app.decorate('console', service);

    // Every node keeps its own timer for the end of each running pause (see watchPause).
    app.catalogEvents.subscribe((change) => {
      if (change.type === 'branch') {
        service.watchPause(change.branch_id).catch((error: unknown) => app.log.warn({ err: error }, 'could not watch a pause'));
      }
    });
    app.addHook('onReady', async () => {
      await service.watchRunningPauses().catch((error: unknown) => app.log.warn({ err: error }, 'could not watch running pauses'));
    });
    app.addHook('onClose', async () => service.stop());
  },
  { name: 'console', dependencies: ['db', 'socket', 'catalog-events'] },
);

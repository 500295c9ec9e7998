import { SOCKET_EVENTS } from '@comanda/shared';
import { nowDate } from '../../lib/clock';
import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { createConsoleRepository } from './repository';
import { createConsoleService, type ConsoleService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    console: ConsoleService;
  }
}

/**
 * The branch console's switches and figures. A switch is published through catalog-events;
 * every node, on hearing it (this one at once), first drops its cached answers (the catalogue
 * subscribed earlier) and then tells its own sockets — storefronts, logged in or not, and staff —
 * with `availability`, `branch-status` or `catalog-changed`. So an event never reaches a screen before that
 * screen's node serves the new answers, and no broadcast depends on the Socket.IO adapter
 * (`app.realtime.toThisNode`).
 */
export const consolePlugin = fp(
  async (app) => {
    const service = createConsoleService({
      repository: createConsoleRepository(app.db, app.clock),
      write: adminWriteOf(app),
      events: () => ({
        branchStatusHere: (event) => app.realtime.toThisNode(SOCKET_EVENTS.branchStatus, event),
      }),
      now: () => nowDate(app.clock),
    });
    app.decorate('console', service);

    app.catalogEvents.subscribe((change) => {
      if (change.type === 'availability') {
        const { branch_id, product_id, sold_out } = change;
        app.realtime.toThisNode(SOCKET_EVENTS.availability, { branch_id, product_id, sold_out });
      } else if (change.type === 'option-availability') {
        const { branch_id, product_id, option_id, sold_out } = change;
        app.realtime.toThisNode(SOCKET_EVENTS.optionAvailability, {
          branch_id,
          product_id,
          option_id,
          sold_out,
        });
      } else if (change.type === 'catalog') {
        // The menu or its prices changed (back office): storefronts read the catalogue again
        // and re-check their carts. Heard after the catalogue dropped its answers (see above).
        app.realtime.toThisNode(SOCKET_EVENTS.catalogChanged, {});
      } else if (change.type === 'branch') {
        service
          .announce(change.branch_id)
          .catch((error: unknown) =>
            app.log.warn({ err: error }, 'could not announce a branch change'),
          );
      }
    });
    app.addHook('onReady', async () => {
      await service
        .watchRunningPauses()
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not watch running pauses'));
    });
    app.addHook('onClose', async () => service.stop());
  },
  { name: 'console', dependencies: ['db', 'socket', 'catalog-events', 'audit'] },
);

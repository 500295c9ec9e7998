import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * What changed in the data that catalogue answers and placement checks are made of. Published
 * after the change is committed; every node then drops what it had derived from the old data
 * (cached answers and their ETags, remembered branch state).
 */
const catalogChange = z.discriminatedUnion('type', [
  /** A product sold out, or back, at one branch. */
  z.object({ type: z.literal('availability'), branch_id: z.number().int(), product_id: z.number().int(), sold_out: z.boolean() }),
  /** A branch's own state: paused, resumed, rush minutes, settings. */
  z.object({ type: z.literal('branch'), branch_id: z.number().int() }),
  /** Anything wider (the menu, prices, branches): drop everything. */
  z.object({ type: z.literal('catalog') }),
]);

export type CatalogChange = z.infer<typeof catalogChange>;
type Listener = (change: CatalogChange) => void;

export interface CatalogEvents {
  /** Runs every listener on this node at once, and on every other node through Redis. */
  publish(change: CatalogChange): Promise<void>;
  /** Hears every change, whichever node published it. */
  subscribe(listener: Listener): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogEvents: CatalogEvents;
  }
}

export const CATALOG_CHANNEL = 'comanda:catalog-changes';
const message = z.object({ origin: z.string(), change: catalogChange });

/**
 * The one place where nodes tell each other that shared data changed. Without REDIS_URL there
 * is one node and publishing is a local call. With Redis, a dedicated subscriber connection
 * hears the channel; a lost message (Redis restarting) leaves a node stale for at most its
 * cache TTL, since every derived copy also expires by time.
 *
 * Listeners run in the order they subscribed (plugin registration order): the catalogue drops
 * its answers before the console tells this node's sockets, so a storefront that re-reads on
 * hearing the event gets the new answer from its node.
 */
export const catalogEventsPlugin = fp(
  async (app) => {
    const origin = randomUUID();
    const listeners = new Set<Listener>();
    const deliver = (change: CatalogChange) => {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          app.log.error({ err: error, change }, 'catalog change listener failed');
        }
      }
    };

    if (app.redis) {
      const subscriber = app.redis.duplicate();
      subscriber.on('message', (channel: string, raw: string) => {
        if (channel !== CATALOG_CHANNEL) return;
        let parsed: z.infer<typeof message> | null = null;
        try {
          parsed = message.parse(JSON.parse(raw));
        } catch {
          app.log.warn({ raw }, 'ignored a malformed catalog change');
        }
        if (parsed && parsed.origin !== origin) deliver(parsed.change);
      });
      await subscriber.subscribe(CATALOG_CHANNEL);
      app.addHook('onClose', async () => {
        await subscriber.quit().catch(() => undefined);
      });
    }

    app.decorate('catalogEvents', {
      async publish(change) {
        deliver(change);
        if (!app.redis) return;
        try {
          await app.redis.publish(CATALOG_CHANNEL, JSON.stringify({ origin, change }));
        } catch (error) {
          // The change is committed and applied here; the other nodes catch up by TTL.
          app.log.warn({ err: error, change }, 'could not publish a catalog change');
        }
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } satisfies CatalogEvents);
  },
  { name: 'catalog-events', dependencies: ['redis'] },
);

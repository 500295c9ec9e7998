import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createCatalogVersionRepository } from '../db/catalog-version-repository';
import type { RedisLink } from './redis';

/**
 * What changed in the data that catalogue answers and placement checks are made of. Published
 * after the change is committed; every node then drops what it had derived from the old data
 * (cached answers and their ETags, remembered branch state).
 */
const catalogChange = z.discriminatedUnion('type', [
  /** A product sold out, or back, at one branch. */
  z.object({
    type: z.literal('availability'),
    branch_id: z.number().int(),
    product_id: z.number().int(),
    sold_out: z.boolean(),
  }),
  /** An option of a product sold out, or back, at one branch (decision 050). */
  z.object({
    type: z.literal('option-availability'),
    branch_id: z.number().int(),
    product_id: z.number().int(),
    option_id: z.number().int(),
    sold_out: z.boolean(),
  }),
  /** A branch's own state: paused, resumed, rush minutes, settings. */
  z.object({ type: z.literal('branch'), branch_id: z.number().int() }),
  /**
   * Anything wider (the menu, prices, branches): drop everything. With `products`, a change that
   * touched only those products (an edit in the back office, one shown or hidden): what is
   * made of them and of their categories goes, the rest stays (decision 089). A node that does
   * not know the field strips it and drops everything, which is never wrong.
   */
  z.object({
    type: z.literal('catalog'),
    products: z
      .object({
        /** The products' slugs: their own answers and pages. */
        slugs: z.array(z.string()),
        /** Their categories' slugs (before and after a move): the categories' answers and pages. */
        categories: z.array(z.string()),
        /**
         * The menu's face may have changed (a product shown, hidden, moved or given other
         * dayparts can list or unlist its category): the dayparts are read again and the
         * category list made again, kept as it was when its bytes are the same.
         */
        menu: z.boolean().optional(),
      })
      .optional(),
  }),
]);

export type CatalogChange = z.infer<typeof catalogChange>;

/** What a change touched when it touched only some products (see `products` above), else null. */
export const touchedProducts = (change: CatalogChange) =>
  change.type === 'catalog' ? (change.products ?? null) : null;
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

/** The channel's name after this deployment's prefix (`${REDIS_PREFIX}:catalog-changes`). */
export const CATALOG_CHANNEL = 'catalog-changes';
/** How often a node with Redis compares the catalogue's change counter with what it heard. */
export const CATALOG_SYNC_MS = 3000;
const message = z.object({
  origin: z.string(),
  change: catalogChange,
  version: z.number().int().nullable().optional(),
});

/**
 * The one place where nodes tell each other that shared data changed. Without REDIS_URL there
 * is one node and publishing is a local call. With Redis, a dedicated subscriber connection
 * hears the deployment's channel.
 *
 * Nothing missed stays missed (decision 028): every published change also adds one to the
 * database's catalogue counter, and its message carries the new count. A node keeps the count up
 * to which it heard every change; every few seconds, and as soon as Redis is back, it reads the
 * counter, and when the counter is ahead (a message lost, Redis away, another node publishing
 * while this one could not hear) it drops everything it derived from the catalogue, as a
 * `catalog` change heard from nobody. So during a Redis outage every node still sees the
 * others' changes within CATALOG_SYNC_MS.
 *
 * Listeners run in the order they subscribed (plugin registration order): the catalogue drops
 * its answers before the console tells this node's sockets, so a storefront that re-reads on
 * hearing the event gets the new answer from its node.
 */
export const catalogEventsPlugin = fp(
  async (app) => {
    const origin = randomUUID();
    const versions = createCatalogVersionRepository(app.db);
    const listeners = new Set<Listener>();
    const deliver = (change: CatalogChange) => deliverTo(app, listeners, change);
    // Unreadable at start (the database away, or not migrated as in a routes-only test): 0, so the
    // first read that works counts whatever was published as missed and drops what was derived.
    const heard = heardVersions(
      await versions.current().catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not read the catalogue version at start');
        return 0;
      }),
    );
    const state: CatalogEventsState = { app, origin, versions, heard, deliver };
    if (app.redis) {
      hearOtherNodes(state, app.redis);
      syncWithCounter(state, app.redis);
    }
    app.decorate('catalogEvents', {
      publish: (change) => publish(state, change),
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } satisfies CatalogEvents);
  },
  { name: 'catalog-events', dependencies: ['db', 'redis'] },
);

/** What this node's publishing and hearing share. */
interface CatalogEventsState {
  app: FastifyInstance;
  /** This node's name in its messages: it ignores its own. */
  origin: string;
  versions: ReturnType<typeof createCatalogVersionRepository>;
  heard: ReturnType<typeof heardVersions>;
  /** Runs every listener of this node, in order. */
  deliver: (change: CatalogChange) => void;
}

function deliverTo(app: FastifyInstance, listeners: Set<Listener>, change: CatalogChange) {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      app.log.error({ err: error, change }, 'catalog change listener failed');
    }
  }
}

/** Heard up to `upTo()` with nothing missing; counts heard beyond a gap wait in `ahead`. */
function heardVersions(start: number) {
  let heard = start;
  const ahead = new Set<number>();
  return {
    upTo: () => heard,
    note(version: number) {
      if (version <= heard) return;
      ahead.add(version);
      while (ahead.delete(heard + 1)) heard += 1;
    },
    /** Everything up to `current` counts as heard: what was missed has been dropped. */
    skipTo(current: number) {
      heard = current;
      ahead.clear();
    },
  };
}

/** Through a dedicated subscriber connection, the changes the other nodes publish. */
function hearOtherNodes({ app, origin, heard, deliver }: CatalogEventsState, redis: RedisLink) {
  const channel = redis.key(CATALOG_CHANNEL);
  const subscriber = redis.subscriber();
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let parsed: z.infer<typeof message> | null = null;
    try {
      parsed = message.parse(JSON.parse(raw));
    } catch {
      app.log.warn({ raw }, 'ignored a malformed catalog change');
    }
    if (!parsed || parsed.origin === origin) return;
    if (typeof parsed.version === 'number') heard.note(parsed.version);
    deliver(parsed.change);
  });
  // Not awaited: the subscription is sent whenever Redis answers, now or after an outage.
  subscriber
    .subscribe(channel)
    .catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not subscribe to catalog changes'),
    );
}

/** Every CATALOG_SYNC_MS and as soon as Redis is back: the counter ahead means changes missed. */
function syncWithCounter({ app, versions, heard, deliver }: CatalogEventsState, redis: RedisLink) {
  let syncing = false;
  const sync = async () => {
    if (syncing) return;
    syncing = true;
    try {
      const current = await versions.current();
      if (current > heard.upTo()) {
        app.log.info(
          { heard: heard.upTo(), current },
          'catalog changes were missed: dropping what was derived from the catalogue',
        );
        heard.skipTo(current);
        deliver({ type: 'catalog' });
      }
    } catch (error) {
      app.log.warn({ err: error }, 'could not read the catalogue version');
    } finally {
      syncing = false;
    }
  };
  const timer = setInterval(() => void sync(), CATALOG_SYNC_MS).unref();
  redis.onRecovered(() => void sync());
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Runs every listener on this node at once, counts the change, and tells the other nodes. */
async function publish(
  { app, origin, versions, heard, deliver }: CatalogEventsState,
  change: CatalogChange,
) {
  deliver(change);
  let version: number | null = null;
  try {
    version = await versions.bump();
    // Our own change: heard already, and never a reason to drop everything.
    heard.note(version);
  } catch (error) {
    // The change is committed and applied here; the other nodes still hear the message.
    app.log.warn({ err: error, change }, 'could not count a catalog change');
  }
  const redis = app.redis;
  if (!redis || !redis.available()) return;
  try {
    await redis.client.publish(
      redis.key(CATALOG_CHANNEL),
      JSON.stringify({ origin, change, version }),
    );
  } catch (error) {
    // The other nodes see the counter ahead within CATALOG_SYNC_MS.
    redis.failed(error);
    app.log.warn({ err: error, change }, 'could not publish a catalog change');
  }
}

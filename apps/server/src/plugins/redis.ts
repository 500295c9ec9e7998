import fp from 'fastify-plugin';
import { redisPrefix } from '../config';
import { databaseIdentity } from '../db/identity';
import { connectAtStart, redisConnections } from './redis/connections';
import { redisLink, type RedisLink } from './redis/link';

// RedisLink is declared beside the function that makes it (redis/link.ts); its users import it
// from here, the plugin that decorates the app with it.
export type { RedisLink };

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set: shared state for several server nodes. */
    redis: RedisLink | null;
  }
}

export interface RedisPluginOptions {
  url: string | undefined;
  /** REDIS_PREFIX; unset, derived from the database's identity. */
  prefix: string | undefined;
  /** REDIS_TIMEOUT_MS: connect and command timeout. */
  timeoutMs: number;
  /** The SQLite file, part of its identity. */
  sqliteFile?: string | undefined;
}

export const redisPlugin = fp<RedisPluginOptions>(
  async (app, { url, prefix: explicitPrefix, timeoutMs, sqliteFile }) => {
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const prefix = redisPrefix(
      explicitPrefix,
      await databaseIdentity(app.db, app.dialect, sqliteFile),
    );
    const connections = await redisConnections(app.log, url, timeoutMs);
    const link = redisLink(app.log, connections, prefix);
    await connectAtStart(connections, timeoutMs);
    app.log.info({ prefix }, 'redis namespace');
    app.decorate('redis', link);
    app.addHook('onClose', async () => connections.close());
  },
  { name: 'redis', dependencies: ['db'] },
);

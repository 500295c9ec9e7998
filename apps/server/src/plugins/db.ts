import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DialectName } from '../db/dialect';
import type { Database } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
  }
}

/** Shares the database handle; it closes with the app. The caller owns creating and migrating it. */
export const dbPlugin = fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    // A connection lost while idle is dropped and replaced on the next query: worth a warning,
    // not a crash (decision 011). Only what says why: pg-pool hangs its whole client on the error.
    handle.onConnectionError((error) =>
      app.log.warn(
        { code: (error as { code?: unknown }).code, reason: error.message },
        'database connection lost',
      ),
    );
    app.decorate('db', handle.db);
    app.decorate('dialect', handle.dialect);
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });
  },
  { name: 'db' },
);

import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DialectName } from '../db/dialect';
import type { Database } from '../db/types';
import { walSync, type WalSync } from '../db/wal-sync';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
    /**
     * Makes what the event loop's connection committed durable (SQLite, decision 053); at once
     * on PostgreSQL. For work outside a request (a job, a socket) that must not tell anyone,
     * or ask a provider, about a write the disk does not hold yet.
     */
    flushWrites(): Promise<void>;
  }
}

/** Methods that never answer a write of their own (a session's use is not one the client waits on). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Shares the database handle; it closes with the app. The caller owns creating and migrating it.
 * On an SQLite file, a request that may have written is answered only once the WAL is on the
 * disk (decision 053): `flushWal` does that off the event loop (tests pass their own).
 */
export const dbPlugin = fp<{ handle: DatabaseHandle; flushWal?: WalSync }>(
  async (app, { handle, flushWal }) => {
    const flush = flushWal ?? (handle.file ? walSync(handle.file) : null);
    if (flush)
      app.addHook('onSend', async (request) => {
        if (!READS.has(request.method)) await flush();
      });
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
    app.decorate('flushWrites', flush ?? (() => Promise.resolve()));
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });
  },
  { name: 'db' },
);

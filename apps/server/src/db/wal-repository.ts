import { sql, type Kysely } from 'kysely';
import type { Database } from './types';

/**
 * Copies an SQLite WAL back into the database file, as far as no reader holds it (PASSIVE). Run
 * by the orders' writer thread for what the event loop's connection wrote (decision 053).
 */
export async function checkpointWal(db: Kysely<Database>): Promise<void> {
  await sql`pragma wal_checkpoint(PASSIVE)`.execute(db);
}

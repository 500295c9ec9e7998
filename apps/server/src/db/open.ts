import { connect, type DatabaseHandle } from './dialect';
import { migrateToLatest } from './migrate';
import { seedDemoChain } from './seed/seed';

export interface OpenOptions {
  url: string;
  seedDemo: boolean;
  schema?: string;
}

/** Connects, brings the schema up to date and, on an empty database, seeds the demo chain. */
export async function openDatabase({ url, seedDemo, schema }: OpenOptions): Promise<DatabaseHandle & { seeded: boolean }> {
  const handle = connect({ url, ...(schema ? { schema } : {}) });
  try {
    await migrateToLatest(handle);
    const seeded = seedDemo ? await seedDemoChain(handle) : false;
    return { ...handle, seeded };
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
}

import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import { createBatchRepository } from './batch-repository';
import { createReadsRepository } from './reads-repository';
import { createReferenceRepository } from './reference-repository';
import { createScheduleRepository } from './schedule-repository';
import { createStatusRepository } from './status-repository';

/** Reads that validate an order, the writes that store and progress it, and the reads that show it. */
export function createOrdersRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    ...createReferenceRepository(db),
    ...createBatchRepository(db, dialect),
    ...createReadsRepository(db, dialect),
    ...createStatusRepository(db),
    ...createScheduleRepository(db),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createBranchesRepository } from './branches-repository';
import { createScheduleRepository } from './schedule-repository';
import { createZonesRepository } from './zones-repository';

export type { BranchFields } from './branches-repository';

/**
 * The back office's reads and writes of branches, one file per part (`*-repository.ts`): the
 * branch, its schedule, its zones. Writes take the change's transaction.
 */
export function createAdminBranchesRepository(db: Kysely<Database>) {
  return {
    ...createBranchesRepository(db),
    ...createScheduleRepository(),
    ...createZonesRepository(),
  };
}

export type AdminBranchesRepository = ReturnType<typeof createAdminBranchesRepository>;

import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { createBranchesRepository } from './branches-repository';
import { createProductsRepository } from './products-repository';
import { createSummaryRepository } from './summary-repository';

/**
 * The branch console's reads and writes, one file per part (`*-repository.ts`): a branch's
 * switches, its products' sold-out state, its day's figures.
 */
export function createConsoleRepository(db: Kysely<Database>, clock: Clock) {
  return {
    ...createBranchesRepository(db, clock),
    ...createProductsRepository(db),
    ...createSummaryRepository(db),
  };
}

export type ConsoleRepository = ReturnType<typeof createConsoleRepository>;

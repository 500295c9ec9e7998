import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import { createAccessRepository } from './access-repository';
import { createAccountsRepository } from './accounts-repository';

export type { StaffRow } from './accounts-repository';

/**
 * The chain's staff and admin accounts, and the branches staff work at (`staff_branches`), one
 * file per part (`*-repository.ts`).
 */
export function createStaffRepository(db: Kysely<Database>, dialect: DialectName) {
  return { ...createAccountsRepository(db), ...createAccessRepository(db, dialect) };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

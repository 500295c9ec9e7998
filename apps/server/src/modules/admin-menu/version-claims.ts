// The versions a bulk change covers (a price change, a CSV import), claimed in its transaction
// before it writes: one function for both, so both refuse a change applied twice the same way.
import type { DbExecutor } from '../../db/types';
import type { MenuWriteDeps } from './types';

/** What a bulk change read: each changed product's version, and its branch rows' (decision 032). */
export interface VersionClaims {
  products: { id: number; version: number }[];
  rows: { branch_id: number; product_id: number; version: number }[];
}

/**
 * Raises every version the change covers, each only when it is still the one the plan read:
 * a concurrent apply of the same preview waits on PostgreSQL's row locks, then finds a version
 * moved on and is refused, so a change is never applied twice.
 */
export async function claimAll({ write }: MenuWriteDeps, trx: DbExecutor, claims: VersionClaims) {
  for (const { id, version } of claims.products)
    if (!(await write.repository.claimVersion(trx, 'products', id, version))) return false;
  for (const row of claims.rows)
    if (
      !(await write.repository.claimBranchProduct(trx, row.branch_id, row.product_id, row.version))
    )
      return false;
  return true;
}

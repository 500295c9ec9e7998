import type { DbExecutor } from '../../db/types';

/** The ids of the chain's active branches: the ones a branch's series are kept for. */
export async function activeBranchIds(executor: DbExecutor): Promise<number[]> {
  const rows = await executor
    .selectFrom('branches')
    .select('id')
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

import type { DialectName } from '../../db/dialect';
import type { DbExecutor } from '../../db/types';

// What a staff account may do and where, plain functions of the executor (decision 065): the
// branches it works at, its password, whether it is deactivated, and the lock that keeps one
// admin active. Writes take the change's transaction.

/**
 * The ids of the active admins, locked until the transaction ends on PostgreSQL, so two admins
 * removing each other at the same moment cannot both pass the last-admin check (on SQLite a
 * write transaction already runs alone).
 */
export async function lockActiveAdmins(
  executor: DbExecutor,
  dialect: DialectName,
): Promise<number[]> {
  let query = executor
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

/** The branches of these ids that exist, with their titles (for the change log's line). */
export async function findBranches(executor: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return executor
    .selectFrom('branches')
    .select(['id', 'title'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Replaces the branches a staff member works at. */
export async function setBranches(executor: DbExecutor, userId: number, branchIds: number[]) {
  await executor.deleteFrom('staff_branches').where('user_id', '=', userId).execute();
  if (branchIds.length > 0) {
    await executor
      .insertInto('staff_branches')
      .values(branchIds.map((branch_id) => ({ user_id: userId, branch_id })))
      .execute();
  }
}

/** Forgets the account's second factor and its recovery codes (an admin's reset, decision 044). */
export async function clearSecondFactor(executor: DbExecutor, id: number) {
  await executor
    .updateTable('users')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    })
    .where('id', '=', id)
    .execute();
  await executor.deleteFrom('recovery_codes').where('user_id', '=', id).execute();
}

export async function setDeactivated(executor: DbExecutor, id: number, at: string | null) {
  await executor.updateTable('users').set({ deactivated_at: at }).where('id', '=', id).execute();
}

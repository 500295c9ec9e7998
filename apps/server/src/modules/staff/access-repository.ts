import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database, DbExecutor } from '../../db/types';

/**
 * What a staff account may do and where: the branches it works at, its password, whether it is
 * deactivated, and the lock that keeps one admin active.
 */
export function createAccessRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /**
     * The ids of the active admins, locked until the transaction ends on PostgreSQL, so two
     * admins removing each other at the same moment cannot both pass the last-admin check (on
     * SQLite a write transaction already runs alone).
     */
    async lockActiveAdmins(executor: DbExecutor): Promise<number[]> {
      let query = executor
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('deactivated_at', 'is', null)
        .orderBy('id');
      if (dialect === 'postgres') query = query.forUpdate();
      return (await query.execute()).map((row) => row.id);
    },

    /** The branches of these ids that exist, with their titles (for the change log's line). */
    async branches(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    /** Replaces the branches a staff member works at. */
    async setBranches(executor: DbExecutor, userId: number, branchIds: number[]) {
      await executor.deleteFrom('staff_branches').where('user_id', '=', userId).execute();
      if (branchIds.length > 0) {
        await executor
          .insertInto('staff_branches')
          .values(branchIds.map((branch_id) => ({ user_id: userId, branch_id })))
          .execute();
      }
    },

    /** Forgets the account's second factor and its recovery codes (an admin's reset, decision 044). */
    async clearSecondFactor(executor: DbExecutor, id: number) {
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
    },

    async setDeactivated(executor: DbExecutor, id: number, at: string | null) {
      await executor
        .updateTable('users')
        .set({ deactivated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}

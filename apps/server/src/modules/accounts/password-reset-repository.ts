import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** Reset tokens (only their hashes) and the password they change. */
export function createPasswordResetRepository(db: Kysely<Database>) {
  return {
    transaction: <T>(work: (trx: Kysely<Database>) => Promise<T>) => db.transaction().execute(work),

    findUserByEmail: (email: string) =>
      db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'phone', 'role', 'deactivated_at'])
        .where('email', '=', email)
        .executeTakeFirst(),

    async insertToken(
      trx: Kysely<Database>,
      row: { user_id: number; token_hash: string; created_at: string; expires_at: string },
    ) {
      await trx.insertInto('password_reset_tokens').values(row).execute();
    },

    /** The unused, unexpired token of that hash with its (active) account, or undefined. */
    findLiveToken: (tokenHash: string, now: string) =>
      db
        .selectFrom('password_reset_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id as token_id', 'u.id', 'u.name', 'u.email', 'u.phone', 'u.role'])
        .where('t.token_hash', '=', tokenHash)
        .where('t.used_at', 'is', null)
        .where('t.expires_at', '>', now)
        .where('u.deactivated_at', 'is', null)
        .executeTakeFirst(),

    /**
     * Spends every unused token of the account, the one presented among them; false when that
     * one was spent already (two submissions of one link: only the first changes anything).
     */
    async spendTokens(
      trx: Kysely<Database>,
      userId: number,
      tokenId: number,
      now: string,
    ): Promise<boolean> {
      const rows = await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .returning('id')
        .execute();
      return rows.some((row) => row.id === tokenId);
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;

import type { DbExecutor } from '../../db/types';

// Reset tokens (only their hashes) and the password they change, plain functions of the executor
// (decision 065).

/** The account an email names, as a reset asks for it. */
export const findUserForReset = (executor: DbExecutor, email: string) =>
  executor
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'role', 'deactivated_at'])
    .where('email', '=', email)
    .executeTakeFirst();

export async function insertToken(
  trx: DbExecutor,
  row: { user_id: number; token_hash: string; created_at: string; expires_at: string },
) {
  await trx.insertInto('password_reset_tokens').values(row).execute();
}

/** Ends every unused link of the account: a new one is about to replace them. */
export async function endLiveTokens(trx: DbExecutor, userId: number, now: string) {
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The unused, unexpired token of that hash with its (active) account, or undefined. */
export const findLiveToken = (executor: DbExecutor, tokenHash: string, now: string) =>
  executor
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id as token_id', 'u.id', 'u.name', 'u.email', 'u.phone', 'u.role'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();

/**
 * Spends every unused token of the account, the one presented among them; false when that one
 * was spent already (two submissions of one link: only the first changes anything).
 */
export async function spendTokens(
  trx: DbExecutor,
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
}

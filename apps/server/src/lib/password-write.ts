import type { DbExecutor } from '../db/types';
import { hashPassword } from './passwords';

/** Writes the hashed password to an account, in the executor (a transaction) it is given. */
export type PasswordWrite = (executor: DbExecutor, userId: number) => Promise<void>;

/**
 * The one way an account's password is replaced (a reset link, the account's own change, an
 * admin's reset of a staff member's): hashes `password` and returns its write, which the caller
 * runs inside its transaction beside the rest of the change (the spent links, the mail, the audit
 * row). The hash is made first: argon2 takes tens of milliseconds, and a transaction held open
 * that long would hold up every other writer on SQLite.
 */
export async function passwordWrite(password: string): Promise<PasswordWrite> {
  const passwordHash = await hashPassword(password);
  return async (executor, userId) => {
    await executor
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
  };
}

import type { DbExecutor } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

// The signed-in account's own password and email, plain functions of the executor (decision 065).

export const findAccount = (executor: DbExecutor, userId: number) =>
  executor
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'role', 'password_hash'])
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();

export const emailTaken = async (executor: DbExecutor, email: string) =>
  (await executor
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst()) !== undefined;

/** False when another account took the email meanwhile (the unique constraint caught it). */
export async function setEmail(trx: DbExecutor, userId: number, email: string): Promise<boolean> {
  try {
    await trx.updateTable('users').set({ email }).where('id', '=', userId).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

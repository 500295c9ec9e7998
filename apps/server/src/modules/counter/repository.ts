// The counter's SQL (decision 087): customers by phone or id, and a customer made at the counter.
import type { DbExecutor, NewUser } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

const customerColumns = ['id', 'name', 'phone', 'role', 'deactivated_at'] as const;

/** The account with this phone (phones are unique), whatever its role: the caller decides. */
export const findAccountByPhone = (db: DbExecutor, phone: string) =>
  db.selectFrom('users').select(customerColumns).where('phone', '=', phone).executeTakeFirst();

export const findAccountById = (db: DbExecutor, id: number) =>
  db.selectFrom('users').select(customerColumns).where('id', '=', id).executeTakeFirst();

/** Answers the new id, or null when the phone or email is taken (also in a race). */
export async function insertCustomer(db: DbExecutor, user: NewUser): Promise<number | null> {
  try {
    const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

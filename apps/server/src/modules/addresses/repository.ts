import type { AddressBody } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';

// A user's delivery addresses, plain functions of the database (decision 065). Every query is
// scoped to its user: another user's address is simply not found.

const columns = ['id', 'label', 'address', 'neighbourhood', 'city', 'notes'] as const;

export const listAddresses = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('addresses')
    .select(columns)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

export const insertAddress = (db: DbExecutor, userId: number, address: AddressBody, at: string) =>
  db
    .insertInto('addresses')
    .values({ ...address, user_id: userId, created_at: at })
    .returning(columns)
    .executeTakeFirstOrThrow();

/** The address as changed, read by the same statement (a delete in between cannot lose it); undefined when not found. */
export const updateAddress = (db: DbExecutor, userId: number, id: number, address: AddressBody) =>
  db
    .updateTable('addresses')
    .set(address)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();

/**
 * Soft: past orders keep the address they were delivered to. The door its couriers learned goes
 * with it (decision 068).
 */
export async function softDeleteAddress(db: DbExecutor, userId: number, id: number, at: string) {
  const result = await db
    .updateTable('addresses')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.deleteFrom('places').where('kind', '=', 'address').where('ref_id', '=', id).execute();
  return true;
}

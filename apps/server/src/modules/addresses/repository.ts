import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { AddressBody } from '@comanda/shared';

const columns = ['id', 'label', 'address', 'neighbourhood', 'city', 'notes'] as const;

/** Every query is scoped to its user: another user's address is simply not found. */
export function createAddressesRepository(db: Kysely<Database>) {
  return {
    list: (userId: number) =>
      db
        .selectFrom('addresses')
        .select(columns)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute(),

    insert: (userId: number, address: AddressBody, at: string) =>
      db
        .insertInto('addresses')
        .values({ ...address, user_id: userId, created_at: at })
        .returning(columns)
        .executeTakeFirstOrThrow(),

    /** The address as changed, read by the same statement (a delete in between cannot lose it); undefined when not found. */
    update: (userId: number, id: number, address: AddressBody) =>
      db
        .updateTable('addresses')
        .set(address)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .returning(columns)
        .executeTakeFirst(),

    /** Soft: past orders keep the address they were delivered to. */
    async remove(userId: number, id: number, at: string) {
      const result = await db
        .updateTable('addresses')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;

import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

/** The signed-in account's own password and email. */
export function createCredentialChangesRepository(db: Kysely<Database>) {
  return {
    transaction: <T>(work: (trx: Kysely<Database>) => Promise<T>) => db.transaction().execute(work),

    findAccount: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'phone', 'role', 'password_hash'])
        .where('id', '=', userId)
        .where('deactivated_at', 'is', null)
        .executeTakeFirst(),

    emailTaken: async (email: string) =>
      (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !==
      undefined,

    /** False when another account took the email meanwhile (the unique constraint caught it). */
    async setEmail(trx: Kysely<Database>, userId: number, email: string): Promise<boolean> {
      try {
        await trx.updateTable('users').set({ email }).where('id', '=', userId).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type CredentialChangesRepository = ReturnType<typeof createCredentialChangesRepository>;

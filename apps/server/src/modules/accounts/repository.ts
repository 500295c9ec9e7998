import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

/** Users and their sessions. */
export function createAccountsRepository(db: Kysely<Database>) {
  const userColumns = ['id', 'name', 'email', 'phone', 'password_hash', 'role'] as const;
  return {
    findUserByEmail: (email: string) =>
      db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst(),

    findUserByPhone: (phone: string) =>
      db.selectFrom('users').select(userColumns).where('phone', '=', phone).executeTakeFirst(),

    /** Answers the new id, or null when the email or phone is already taken (even in a race). */
    async insertUser(user: NewUser): Promise<number | null> {
      try {
        const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async insertSession(session: { user_id: number; token_hash: string; created_at: string; expires_at: string }) {
      await db.insertInto('sessions').values(session).execute();
    },

    /** The live session of a token hash with its user; expired and revoked sessions are not found. */
    findLiveSession: (tokenHash: string, now: string) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id as session_id', 's.expires_at', 'u.id', 'u.name', 'u.email', 'u.phone', 'u.role'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .executeTakeFirst(),

    /** The branches a staff member works at. */
    async branchesOf(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('staff_branches').select('branch_id').where('user_id', '=', userId).orderBy('branch_id').execute();
      return rows.map((row) => row.branch_id);
    },

    async extendSession(sessionId: number, expiresAt: string) {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
    },

    async revokeSession(sessionId: number, at: string) {
      await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

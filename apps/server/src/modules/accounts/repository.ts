import type { Kysely } from 'kysely';
import type { Database, NewSession, NewUser } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

/** Users and their sessions. */
export function createAccountsRepository(db: Kysely<Database>) {
  const userColumns = [
    'id',
    'name',
    'email',
    'phone',
    'password_hash',
    'role',
    'deactivated_at',
    'totp_enabled_at',
  ] as const;
  return {
    findUserByEmail: (email: string) =>
      db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst(),

    findUserByPhone: (phone: string) =>
      db.selectFrom('users').select(userColumns).where('phone', '=', phone).executeTakeFirst(),

    /** Answers the new id, or null when the email or phone is already taken (even in a race). */
    async insertUser(user: NewUser): Promise<number | null> {
      try {
        const row = await db
          .insertInto('users')
          .values(user)
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async insertSession(session: NewSession) {
      await db.insertInto('sessions').values(session).execute();
    },

    /**
     * The live session of a token hash with its user: not revoked, not expired, not older than
     * the absolute lifetime (created after `createdAfter`), of an account that is not deactivated.
     * The chain's second-factor settings come along: every staff request needs them, and one
     * query is cheaper than two.
     */
    findLiveSession: (tokenHash: string, now: string, createdAfter: string) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('chain_settings as cs', (join) => join.on('cs.id', '=', 1))
        .select([
          's.second_factor_at',
          'u.totp_enabled_at',
          'cs.second_factor_admins',
          'cs.second_factor_staff',
          's.id as session_id',
          's.created_at',
          's.last_used_at',
          's.expires_at',
          'u.id',
          'u.name',
          'u.email',
          'u.phone',
          'u.role',
        ])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.created_at', '>', createdAfter)
        .where('u.deactivated_at', 'is', null)
        .executeTakeFirst(),

    /** The branches a staff member works at. */
    async branchesOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('staff_branches')
        .select('branch_id')
        .where('user_id', '=', userId)
        .orderBy('branch_id')
        .execute();
      return rows.map((row) => row.branch_id);
    },

    /**
     * Sessions by id (a socket knows its session, not its token) of those neither revoked nor
     * of a deactivated account; the caller compares their times.
     */
    findUnrevokedSessions: (sessionIds: number[]) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.expires_at', 's.created_at'])
        .where('s.id', 'in', sessionIds)
        .where('s.revoked_at', 'is', null)
        .where('u.deactivated_at', 'is', null)
        .execute(),

    /** A user's live sessions, most recently used first. */
    listLiveSessions: (userId: number, now: string, createdAfter: string) =>
      db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_used_at', 'user_agent'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where('created_at', '>', createdAfter)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    async touchSession(sessionId: number, usedAt: string, expiresAt: string) {
      await db
        .updateTable('sessions')
        .set({ last_used_at: usedAt, expires_at: expiresAt })
        .where('id', '=', sessionId)
        .execute();
    },

    /** Revokes live sessions of one user (as findLiveSession counts them) and answers their ids. */
    async revokeSessions(
      userId: number,
      at: string,
      createdAfter: string,
      which: { only?: number; except?: number } = {},
    ): Promise<number[]> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .where('created_at', '>', createdAfter);
      if (which.only !== undefined) query = query.where('id', '=', which.only);
      if (which.except !== undefined) query = query.where('id', '!=', which.except);
      const rows = await query.returning('id').execute();
      return rows.map((row) => row.id);
    },

    /** Marks the account deactivated (once); false when there is no such user. */
    async deactivateUser(userId: number, at: string): Promise<boolean> {
      await db
        .updateTable('users')
        .set({ deactivated_at: at })
        .where('id', '=', userId)
        .where('deactivated_at', 'is', null)
        .execute();
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

import type { DbExecutor, NewSession, NewUser } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

// Users and their sessions, plain functions of the executor (decision 065).

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

export const findUserByEmail = (executor: DbExecutor, email: string) =>
  executor.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();

export const findUserByPhone = (executor: DbExecutor, phone: string) =>
  executor.selectFrom('users').select(userColumns).where('phone', '=', phone).executeTakeFirst();

/** Answers the new id, or null when the email or phone is already taken (even in a race). */
export async function insertUser(executor: DbExecutor, user: NewUser): Promise<number | null> {
  try {
    const row = await executor
      .insertInto('users')
      .values(user)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function insertSession(executor: DbExecutor, session: NewSession) {
  await executor.insertInto('sessions').values(session).execute();
}

/**
 * The live session of a token hash with its user: not revoked, not expired, not older than the
 * absolute lifetime (created after `createdAfter`), of an account that is not deactivated. The
 * chain's second-factor settings come along: every staff request needs them, and one query is
 * cheaper than two.
 */
export const findLiveSession = (
  executor: DbExecutor,
  tokenHash: string,
  now: string,
  createdAfter: string,
) =>
  executor
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('chain_settings as cs', (join) => join.on('cs.id', '=', 1))
    .select([
      's.second_factor_at',
      'u.totp_enabled_at',
      'cs.second_factor_admins',
      'cs.second_factor_staff',
      'cs.second_factor_staff_since',
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
    .executeTakeFirst();

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** The branches a staff member works at. */
export async function branchesOf(executor: DbExecutor, userId: number): Promise<number[]> {
  const rows = await executor
    .selectFrom('staff_branches')
    .select('branch_id')
    .where('user_id', '=', userId)
    .orderBy('branch_id')
    .execute();
  return rows.map((row) => row.branch_id);
}

/**
 * Sessions by id (a socket knows its session, not its token) of those neither revoked nor of a
 * deactivated account; the caller compares their times.
 */
export const findUnrevokedSessions = (executor: DbExecutor, sessionIds: number[]) =>
  executor
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.expires_at', 's.created_at'])
    .where('s.id', 'in', sessionIds)
    .where('s.revoked_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .execute();

export type UnrevokedSession = Awaited<ReturnType<typeof findUnrevokedSessions>>[number];

/** A user's live sessions, most recently used first. */
export const listLiveSessions = (
  executor: DbExecutor,
  userId: number,
  now: string,
  createdAfter: string,
) =>
  executor
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('created_at', '>', createdAfter)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export async function touchSession(
  executor: DbExecutor,
  sessionId: number,
  usedAt: string,
  expiresAt: string,
) {
  await executor
    .updateTable('sessions')
    .set({ last_used_at: usedAt, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

/** Revokes live sessions of one user (as findLiveSession counts them) and answers their ids. */
export async function revokeSessions(
  executor: DbExecutor,
  userId: number,
  at: string,
  createdAfter: string,
  which: { only?: number; except?: number } = {},
): Promise<number[]> {
  let query = executor
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
}

/** Marks the account deactivated (once); false when there is no such user. */
export async function deactivateAccount(
  executor: DbExecutor,
  userId: number,
  at: string,
): Promise<boolean> {
  await executor
    .updateTable('users')
    .set({ deactivated_at: at })
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .execute();
  const row = await executor
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

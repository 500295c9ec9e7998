import { STAFF_ACCOUNT_ROLES, type StaffRole } from '@comanda/shared';
import type { DbExecutor, NewUser } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

export interface StaffRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: StaffRole;
  created_at: string | Date;
  deactivated_at: string | Date | null;
  /** When the account turned its second factor on (decision 044); null without one. */
  totp_enabled_at: string | Date | null;
  branch_ids: number[];
  version: number;
}

const columns = [
  'id',
  'name',
  'email',
  'phone',
  'role',
  'created_at',
  'deactivated_at',
  'totp_enabled_at',
  'version',
] as const;

/** Adds to each account the branches it works at. */
async function withBranches(
  executor: DbExecutor,
  rows: Omit<StaffRow, 'branch_ids'>[],
): Promise<StaffRow[]> {
  if (rows.length === 0) return [];
  const links = await executor
    .selectFrom('staff_branches')
    .select(['user_id', 'branch_id'])
    .where(
      'user_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('branch_id')
    .execute();
  return rows.map((row) => ({
    ...row,
    branch_ids: links.filter((link) => link.user_id === row.id).map((link) => link.branch_id),
  }));
}

// The chain's staff and admin accounts, plain functions of the executor (decision 065): read,
// and their own fields written.

/** Every staff and admin account, admins first, then by name. Customers are never here. */
export async function listStaffRows(executor: DbExecutor): Promise<StaffRow[]> {
  const rows = await executor
    .selectFrom('users')
    .select(columns)
    .where('role', 'in', STAFF_ACCOUNT_ROLES)
    .orderBy('role')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return withBranches(executor, rows as Omit<StaffRow, 'branch_ids'>[]);
}

/** One staff or admin account (a customer's id finds nothing). */
export async function findStaffRow(
  executor: DbExecutor,
  id: number,
): Promise<StaffRow | undefined> {
  const row = await executor
    .selectFrom('users')
    .select(columns)
    .where('id', '=', id)
    .where('role', 'in', STAFF_ACCOUNT_ROLES)
    .executeTakeFirst();
  return row ? (await withBranches(executor, [row as Omit<StaffRow, 'branch_ids'>]))[0] : undefined;
}

/** Which of the email and phone another account already has. */
export async function takenContacts(
  executor: DbExecutor,
  email: string,
  phone: string,
  exceptId?: number,
) {
  let query = executor
    .selectFrom('users')
    .select(['email', 'phone'])
    .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    email: rows.some((row) => row.email === email),
    phone: rows.some((row) => row.phone === phone),
  };
}

/** The new id, or null when the email or phone was taken meanwhile (the unique constraints). */
export async function insertAccount(executor: DbExecutor, user: NewUser): Promise<number | null> {
  try {
    return (
      await executor.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()
    ).id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** False when the email or phone was taken meanwhile. */
export async function updateAccount(
  executor: DbExecutor,
  id: number,
  fields: { name: string; email: string; phone: string; role: StaffRole },
): Promise<boolean> {
  try {
    await executor.updateTable('users').set(fields).where('id', '=', id).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

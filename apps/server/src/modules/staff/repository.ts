import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database, DbExecutor, NewUser } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

export interface StaffRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: 'staff' | 'admin';
  created_at: string | Date;
  deactivated_at: string | Date | null;
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
  'version',
] as const;

/** The chain's staff and admin accounts, and the branches staff work at (`staff_branches`). */
export function createStaffRepository(db: Kysely<Database>, dialect: DialectName) {
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

  return {
    /** Every staff and admin account, admins first, then by name. Customers are never here. */
    async list(): Promise<StaffRow[]> {
      const rows = await db
        .selectFrom('users')
        .select(columns)
        .where('role', 'in', ['staff', 'admin'])
        .orderBy('role')
        .orderBy('name')
        .orderBy('id')
        .execute();
      return withBranches(db, rows as Omit<StaffRow, 'branch_ids'>[]);
    },

    /** One staff or admin account (a customer's id finds nothing). */
    async find(id: number, executor: DbExecutor = db): Promise<StaffRow | undefined> {
      const row = await executor
        .selectFrom('users')
        .select(columns)
        .where('id', '=', id)
        .where('role', 'in', ['staff', 'admin'])
        .executeTakeFirst();
      return row
        ? (await withBranches(executor, [row as Omit<StaffRow, 'branch_ids'>]))[0]
        : undefined;
    },

    /**
     * The ids of the active admins, locked until the transaction ends on PostgreSQL, so two
     * admins removing each other at the same moment cannot both pass the last-admin check (on
     * SQLite a write transaction already runs alone).
     */
    async lockActiveAdmins(executor: DbExecutor): Promise<number[]> {
      let query = executor
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('deactivated_at', 'is', null)
        .orderBy('id');
      if (dialect === 'postgres') query = query.forUpdate();
      return (await query.execute()).map((row) => row.id);
    },

    /** Which of the email and phone another account already has. */
    async taken(email: string, phone: string, exceptId?: number) {
      let query = db
        .selectFrom('users')
        .select(['email', 'phone'])
        .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      const rows = await query.execute();
      return {
        email: rows.some((row) => row.email === email),
        phone: rows.some((row) => row.phone === phone),
      };
    },

    /** The branches of these ids that exist, with their titles (for the change log's line). */
    async branches(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    /** The new id, or null when the email or phone was taken meanwhile (the unique constraints). */
    async insert(executor: DbExecutor, user: NewUser): Promise<number | null> {
      try {
        return (
          await executor.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()
        ).id;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** False when the email or phone was taken meanwhile. */
    async update(
      executor: DbExecutor,
      id: number,
      fields: { name: string; email: string; phone: string; role: 'staff' | 'admin' },
    ): Promise<boolean> {
      try {
        await executor.updateTable('users').set(fields).where('id', '=', id).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Replaces the branches a staff member works at. */
    async setBranches(executor: DbExecutor, userId: number, branchIds: number[]) {
      await executor.deleteFrom('staff_branches').where('user_id', '=', userId).execute();
      if (branchIds.length > 0) {
        await executor
          .insertInto('staff_branches')
          .values(branchIds.map((branch_id) => ({ user_id: userId, branch_id })))
          .execute();
      }
    },

    async setPasswordHash(executor: DbExecutor, id: number, passwordHash: string) {
      await executor
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
    },

    async setDeactivated(executor: DbExecutor, id: number, at: string | null) {
      await executor
        .updateTable('users')
        .set({ deactivated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

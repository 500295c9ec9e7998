import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';
import { nowDate, type Clock } from '../../lib/clock';
import { exceptionFromRow, exceptionsFrom } from '../../lib/branch-exceptions';

const BRANCH_COLUMNS = [
  'id',
  'slug',
  'title',
  'prep_minutes',
  'paused_until',
  'rush_minutes',
  'auto_print',
  'auto_accept_scheduled',
  'dispatch_from_preparing',
  'auto_offer_courier',
  'orders_per_slot',
  'staff_sets_capacity',
] as const;

/** The weekly hours and coming exceptions of some branches (to tell open from closed), by branch. */
async function calendarsOf(db: Kysely<Database>, ids: number[], at: Date) {
  const [hours, exceptions] = await Promise.all([
    db
      .selectFrom('branch_hours')
      .select(['branch_id', 'weekday', 'opens', 'closes'])
      .where('branch_id', 'in', ids)
      .execute(),
    db
      .selectFrom('branch_exceptions')
      .select(['branch_id', 'date', 'closed', 'ranges'])
      .where('branch_id', 'in', ids)
      .where('date', '>=', exceptionsFrom(at))
      .execute(),
  ]);
  return (id: number) => ({
    hours: hours.filter((h) => h.branch_id === id),
    exceptions: exceptions.filter((e) => e.branch_id === id).map(exceptionFromRow),
  });
}

/** A branch's console state: its switches, its hours, and the writes of its switches. */
export function createBranchesRepository(db: Kysely<Database>, clock: Clock) {
  return {
    /** A branch's console state with its hours (to tell open from closed). */
    async findBranch(id: number) {
      const branch = await db
        .selectFrom('branches')
        .select(BRANCH_COLUMNS)
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!branch) return undefined;
      const calendar = await calendarsOf(db, [id], nowDate(clock));
      return { ...branch, ...calendar(id) };
    },

    async listBranches(ids: number[] | 'all') {
      if (ids !== 'all' && ids.length === 0) return [];
      let query = db.selectFrom('branches').select(BRANCH_COLUMNS).where('active', '=', 1);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      const branches = await query.orderBy('position').orderBy('id').execute();
      if (branches.length === 0) return [];
      const calendar = await calendarsOf(
        db,
        branches.map((b) => b.id),
        nowDate(clock),
      );
      return branches.map((branch) => ({ ...branch, ...calendar(branch.id) }));
    },

    /** Branches whose timed pause has not ended yet (for the timers that announce its end). */
    pausedUntilAfter: (at: string) =>
      db
        .selectFrom('branches')
        .select(['id', 'paused_until'])
        .where('active', '=', 1)
        .where('paused_until', '>', at)
        .execute(),

    /** A branch's switches as they are, read inside the change's transaction (the log's "before"). */
    switchesOf: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('branches')
        .select([
          'title',
          'paused_until',
          'rush_minutes',
          'auto_print',
          'auto_accept_scheduled',
          'dispatch_from_preparing',
          'auto_offer_courier',
          'prep_minutes',
          'orders_per_slot',
          'staff_sets_capacity',
        ])
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst(),

    /** Answers whether the branch exists. */
    async updateBranch(
      executor: DbExecutor,
      id: number,
      changes: {
        paused_until?: string | null;
        rush_minutes?: number;
        auto_print?: number;
        auto_accept_scheduled?: number;
        dispatch_from_preparing?: number;
        auto_offer_courier?: number;
        prep_minutes?: number;
        orders_per_slot?: number | null;
      },
    ) {
      const result = await executor
        .updateTable('branches')
        .set(changes)
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

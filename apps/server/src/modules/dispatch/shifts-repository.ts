// The SQL of couriers and their shifts (decision 068). Plain functions of the store.
import type { DbExecutor } from '../../db/types';
import type { DispatchStore } from './types';

/** The couriers of a branch that can still log in. */
export const couriersAt = ({ db }: DispatchStore, branchId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('staff_branches as sb', 'sb.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.phone'])
    .where('sb.branch_id', '=', branchId)
    .where('u.role', '=', 'courier')
    .where('u.deactivated_at', 'is', null)
    .orderBy('u.name')
    .execute();

/** Whether the account is a courier of the branch (and active). */
export async function isCourierOf(db: DbExecutor, courierId: number, branchId: number) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('staff_branches as sb', 'sb.user_id', 'u.id')
    .select('u.id')
    .where('u.id', '=', courierId)
    .where('sb.branch_id', '=', branchId)
    .where('u.role', '=', 'courier')
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

const SHIFT_COLUMNS = [
  's.id',
  's.courier_id',
  's.branch_id',
  's.started_at',
  's.ended_at',
  's.closed_at',
  's.cash_handed_in',
  's.note',
  'c.name as courier_name',
  'b.title as branch_title',
] as const;

const shifts = (db: DbExecutor) =>
  db
    .selectFrom('courier_shifts as s')
    .innerJoin('users as c', 'c.id', 's.courier_id')
    .innerJoin('branches as b', 'b.id', 's.branch_id')
    .select(SHIFT_COLUMNS);

export type ShiftRow = NonNullable<Awaited<ReturnType<typeof findShift>>>;

export const findShift = (db: DbExecutor, id: number) =>
  shifts(db).where('s.id', '=', id).executeTakeFirst();

/** A courier's open shift, at whichever branch. */
export const openShiftOf = (db: DbExecutor, courierId: number) =>
  shifts(db)
    .where('s.courier_id', '=', courierId)
    .where('s.ended_at', 'is', null)
    .orderBy('s.id', 'desc')
    .executeTakeFirst();

/** The open shifts at a branch. */
export const openShiftsAt = ({ db }: DispatchStore, branchId: number) =>
  shifts(db).where('s.branch_id', '=', branchId).where('s.ended_at', 'is', null).execute();

/** A branch's shifts started in [from, to), and those still open or not closed from before. */
export const shiftsOfDay = ({ db }: DispatchStore, branchId: number, from: string, to: string) =>
  shifts(db)
    .where('s.branch_id', '=', branchId)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.started_at', '>=', from), eb('s.started_at', '<', to)]),
        eb.and([eb('s.closed_at', 'is', null), eb('s.started_at', '<', to)]),
      ]),
    )
    .orderBy('s.started_at')
    .execute();

export async function startShift(
  trx: DbExecutor,
  shift: { courier_id: number; branch_id: number; started_at: string },
): Promise<number> {
  const row = await trx
    .insertInto('courier_shifts')
    .values(shift)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const endShift = (trx: DbExecutor, id: number, at: string) =>
  trx
    .updateTable('courier_shifts')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();

export async function closeShiftRow(
  trx: DbExecutor,
  id: number,
  close: { closed_at: string; closed_by: number; cash_handed_in: number; note: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('courier_shifts')
    .set(close)
    .where('id', '=', id)
    .where('ended_at', 'is not', null)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What each shift's trips delivered and failed, the cash they were to collect, the fees. */
export const shiftFigures = (db: DbExecutor, shiftIds: number[]) =>
  shiftIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('trip_orders as s')
        .innerJoin('trips as t', 't.id', 's.trip_id')
        .innerJoin('orders as o', 'o.id', 's.order_id')
        .innerJoin('payment_types as p', 'p.id', 'o.payment_type_id')
        .select(['t.shift_id', 's.outcome', 'p.kind', 'o.total', 'o.delivery_fee'])
        .where('t.shift_id', 'in', shiftIds)
        .where('s.outcome', 'is not', null)
        .execute();

/** When each courier of the branch last came back (their last finished trip). */
export const lastReturns = ({ db }: DispatchStore, courierIds: number[]) =>
  courierIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('trips')
        .select(['courier_id'])
        .select((eb) => eb.fn.max('finished_at').as('finished_at'))
        .where('courier_id', 'in', courierIds)
        .where('status', '=', 'done')
        .groupBy('courier_id')
        .execute();

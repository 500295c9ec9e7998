// What the public forms check and write: the branch, the survey's options, the opening days,
// earlier signups and reservations. Plain functions of the database (decision 065).
import type { DbExecutor } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { NewCourtesyReservation } from './types';

/** The survey's segment in `parameters` ("Como nos conociste?"). */
const SURVEY_SEGMENT = 'survey';

export const findActiveBranch = (db: DbExecutor, id: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'title'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();

/** The weekdays (0 = Sunday) on which the branch has opening hours. */
export async function openWeekdays(db: DbExecutor, branchId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('branch_hours')
    .select('weekday')
    .distinct()
    .where('branch_id', '=', branchId)
    .execute();
  return rows.map((row) => row.weekday);
}

export async function isSurveyParameter(db: DbExecutor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('parameters')
    .select('id')
    .where('id', '=', id)
    .where('segment', '=', SURVEY_SEGMENT)
    // A hidden option is no longer offered (migration 010).
    .where('active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasCourtesyReservation(
  db: DbExecutor,
  branchId: number,
  phone: string,
  date: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('courtesy_reservations')
    .select('id')
    .where('branch_id', '=', branchId)
    .where('phone', '=', phone)
    .where('date_reservation', '=', date)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a reservation; false when the branch, phone and day already hold one (even in a race). */
export async function insertCourtesyReservation(
  db: DbExecutor,
  reservation: NewCourtesyReservation,
): Promise<boolean> {
  try {
    await db.insertInto('courtesy_reservations').values(reservation).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

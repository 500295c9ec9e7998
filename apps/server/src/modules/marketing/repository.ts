import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

/** The survey's segment in `parameters` ("Como nos conociste?"). */
const SURVEY_SEGMENT = 'survey';

/** Staff listings answer at most this many rows, newest first. */
export const STAFF_LIST_LIMIT = 500;

export interface NewDiscountSignup {
  branch_id: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  source_id: number;
  created_at: string;
}

export interface NewCourtesyReservation {
  branch_id: number;
  name: string;
  phone: string;
  date_reservation: string;
  created_at: string;
}

/** Marketing signups and reservations, and the few catalogue facts their checks need. */
export function createMarketingRepository(db: Kysely<Database>) {
  /** Inserts a row; false when the table's unique pair already holds it (even in a race). */
  async function insertUnique(insert: () => Promise<unknown>): Promise<boolean> {
    try {
      await insert();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  return {
    findActiveBranch: (id: number) =>
      db.selectFrom('branches').select(['id', 'title']).where('id', '=', id).where('active', '=', 1).executeTakeFirst(),

    /** The weekdays (0 = Sunday) on which the branch has opening hours. */
    async openWeekdays(branchId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('branch_hours')
        .select('weekday')
        .distinct()
        .where('branch_id', '=', branchId)
        .execute();
      return rows.map((row) => row.weekday);
    },

    async isSurveyParameter(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('parameters')
        .select('id')
        .where('id', '=', id)
        .where('segment', '=', SURVEY_SEGMENT)
        .executeTakeFirst();
      return row !== undefined;
    },

    async hasDiscountSignup(branchId: number, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('discount_signups')
        .select('id')
        .where('branch_id', '=', branchId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row !== undefined;
    },

    insertDiscountSignup: (signup: NewDiscountSignup) =>
      insertUnique(() => db.insertInto('discount_signups').values(signup).execute()),

    async hasCourtesyReservation(branchId: number, phone: string, date: string): Promise<boolean> {
      const row = await db
        .selectFrom('courtesy_reservations')
        .select('id')
        .where('branch_id', '=', branchId)
        .where('phone', '=', phone)
        .where('date_reservation', '=', date)
        .executeTakeFirst();
      return row !== undefined;
    },

    insertCourtesyReservation: (reservation: NewCourtesyReservation) =>
      insertUnique(() => db.insertInto('courtesy_reservations').values(reservation).execute()),

    listDiscountSignups: (branchId: number) =>
      db
        .selectFrom('discount_signups as s')
        .innerJoin('parameters as p', 'p.id', 's.source_id')
        .select([
          's.id',
          's.branch_id',
          's.name',
          's.phone',
          's.email',
          's.address',
          's.source_id',
          'p.description as source_description',
          's.created_at',
        ])
        .where('s.branch_id', '=', branchId)
        .orderBy('s.id', 'desc')
        .limit(STAFF_LIST_LIMIT)
        .execute(),

    listCourtesyReservations: (branchId: number) =>
      db
        .selectFrom('courtesy_reservations')
        .select(['id', 'branch_id', 'name', 'phone', 'date_reservation', 'created_at'])
        .where('branch_id', '=', branchId)
        // By visit day, latest first (the days still to come lead), then newest booking.
        .orderBy('date_reservation', 'desc')
        .orderBy('id', 'desc')
        .limit(STAFF_LIST_LIMIT)
        .execute(),
  };
}

export type MarketingRepository = ReturnType<typeof createMarketingRepository>;

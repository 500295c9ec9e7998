import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';
import { STAFF_LIST_LIMIT } from '../../lib/staff-list-limit';

/** The survey's segment in `parameters` ("Como nos conociste?"). */
const SURVEY_SEGMENT = 'survey';

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

/**
 * Which records a listing wants: a branch (or all), a window and words. `from`/`to` are instants
 * (ISO) for signups, chain days (YYYY-MM-DD, inclusive) for reservations.
 */
export interface RecordsFilter {
  branchId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Part of a name, phone, email or address, case-insensitive. */
  q?: string | undefined;
}

const likeEscaped = (text: string) =>
  sql<string>`${`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** Marketing signups and reservations, and the few catalogue facts their checks need. */
export function createMarketingRepository(db: Kysely<Database>) {
  /** Signups, newest first, with their branch and survey answer (the staff and admin listings). */
  function searchDiscountSignups(filter: RecordsFilter, limit: number) {
    let query = db
      .selectFrom('discount_signups as s')
      .innerJoin('parameters as p', 'p.id', 's.source_id')
      .innerJoin('branches as b', 'b.id', 's.branch_id')
      .select([
        's.id',
        's.branch_id',
        'b.title as branch_title',
        's.name',
        's.phone',
        's.email',
        's.address',
        's.source_id',
        'p.description as source_description',
        's.created_at',
      ]);
    if (filter.branchId !== undefined) query = query.where('s.branch_id', '=', filter.branchId);
    if (filter.from) query = query.where('s.created_at', '>=', filter.from);
    if (filter.to) query = query.where('s.created_at', '<', filter.to);
    if (filter.q) {
      const pattern = likeEscaped(filter.q);
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['s.name']), 'like', pattern),
          eb('s.phone', 'like', pattern),
          eb(eb.fn('lower', ['s.email']), 'like', pattern),
          eb(eb.fn('lower', ['s.address']), 'like', pattern),
        ]),
      );
    }
    return query.orderBy('s.id', 'desc').limit(limit).execute();
  }

  /** Reservations by visit day, latest first, then newest booking. */
  function searchCourtesyReservations(filter: RecordsFilter, limit: number) {
    let query = db
      .selectFrom('courtesy_reservations as r')
      .innerJoin('branches as b', 'b.id', 'r.branch_id')
      .select([
        'r.id',
        'r.branch_id',
        'b.title as branch_title',
        'r.name',
        'r.phone',
        'r.date_reservation',
        'r.created_at',
      ]);
    if (filter.branchId !== undefined) query = query.where('r.branch_id', '=', filter.branchId);
    if (filter.from) query = query.where('r.date_reservation', '>=', filter.from);
    if (filter.to) query = query.where('r.date_reservation', '<=', filter.to);
    if (filter.q) {
      const pattern = likeEscaped(filter.q);
      query = query.where((eb) =>
        eb.or([eb(eb.fn('lower', ['r.name']), 'like', pattern), eb('r.phone', 'like', pattern)]),
      );
    }
    return query
      .orderBy('r.date_reservation', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  }

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
      db
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst(),

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
        // A hidden option is no longer offered (migration 010).
        .where('active', '=', 1)
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

    /** The staff listing of one branch: the newest signups. */
    listDiscountSignups: (branchId: number) =>
      searchDiscountSignups({ branchId }, STAFF_LIST_LIMIT),

    /** The staff listing of one branch: by visit day, latest first (the days still to come lead). */
    listCourtesyReservations: (branchId: number) =>
      searchCourtesyReservations({ branchId }, STAFF_LIST_LIMIT),

    searchDiscountSignups,
    searchCourtesyReservations,
  };
}

export type MarketingRepository = ReturnType<typeof createMarketingRepository>;

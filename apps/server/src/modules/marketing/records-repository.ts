// The marketing forms' rows as the staff and the back office list them: plain functions of the
// database (decision 065).
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/types';
import { STAFF_LIST_LIMIT } from '../../lib/staff-list-limit';
import type { RecordsFilter } from './types';

const likeEscaped = (text: string) =>
  sql<string>`${`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** Signups, newest first, with their branch and survey answer (the staff and admin listings). */
export function selectDiscountSignups(db: DbExecutor, filter: RecordsFilter, limit: number) {
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
export function selectCourtesyReservations(db: DbExecutor, filter: RecordsFilter, limit: number) {
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
  return query.orderBy('r.date_reservation', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
}

/** The staff listing of one branch: the newest signups. */
export const listDiscountSignups = (db: DbExecutor, branchId: number) =>
  selectDiscountSignups(db, { branchId }, STAFF_LIST_LIMIT);

/** The staff listing of one branch: by visit day, latest first (the days still to come lead). */
export const listCourtesyReservations = (db: DbExecutor, branchId: number) =>
  selectCourtesyReservations(db, { branchId }, STAFF_LIST_LIMIT);

// The forms' rows as staff see them for their branch and as the back office's Registros search
// them (decision 065: plain functions of the database).
import {
  chainDayRange,
  type AdminCourtesyReservation,
  type AdminDiscountSignup,
  type CourtesyReservation,
  type DiscountSignup,
  type RecordsQuery,
} from '@comanda/shared';
import { isoInstant } from '../../lib/iso-instant';
import { findActiveBranch } from './forms-repository';
import {
  listCourtesyReservations,
  listDiscountSignups,
  selectCourtesyReservations,
  selectDiscountSignups,
} from './records-repository';
import type { MarketingDeps } from './types';

/** The records read only the database. */
type RecordsDeps = Pick<MarketingDeps, 'db'>;

/** The id of an active branch, or null: the staff listings' authorization resolves it. */
export async function activeBranchId(
  { db }: RecordsDeps,
  branchId: number,
): Promise<number | null> {
  return (await findActiveBranch(db, branchId))?.id ?? null;
}

export async function discountSignups(
  { db }: RecordsDeps,
  branchId: number,
): Promise<DiscountSignup[]> {
  const rows = await listDiscountSignups(db, branchId);
  return rows.map(
    ({ source_id, source_description, created_at, branch_title: _branch, ...row }) => ({
      ...row,
      source: { id: source_id, description: source_description },
      created_at: isoInstant(created_at),
    }),
  );
}

export async function courtesyReservations(
  { db }: RecordsDeps,
  branchId: number,
): Promise<CourtesyReservation[]> {
  const rows = await listCourtesyReservations(db, branchId);
  return rows.map(({ branch_title: _branch, ...row }) => ({
    ...row,
    created_at: isoInstant(row.created_at),
  }));
}

/** The back office's Registros: signups of a branch (or all) made on chain days `from`..`to`. */
export async function searchDiscountSignups(
  { db }: RecordsDeps,
  query: RecordsQuery,
  limit: number,
): Promise<AdminDiscountSignup[]> {
  const rows = await selectDiscountSignups(
    db,
    {
      branchId: query.branch_id,
      from: query.from ? chainDayRange(query.from).start.toISOString() : undefined,
      to: query.to ? chainDayRange(query.to).end.toISOString() : undefined,
      q: query.q || undefined,
    },
    limit,
  );
  return rows.map(({ source_id: _id, source_description, created_at, ...row }) => ({
    ...row,
    source: source_description,
    created_at: isoInstant(created_at),
  }));
}

/** The back office's Registros: reservations of a branch (or all) for visit days `from`..`to`. */
export async function searchCourtesyReservations(
  { db }: RecordsDeps,
  query: RecordsQuery,
  limit: number,
): Promise<AdminCourtesyReservation[]> {
  const rows = await selectCourtesyReservations(
    db,
    { branchId: query.branch_id, from: query.from, to: query.to, q: query.q || undefined },
    limit,
  );
  return rows.map((row) => ({ ...row, created_at: isoInstant(row.created_at) }));
}

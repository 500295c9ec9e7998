// What every part of "Sedes" shares: a branch as its GET answers it, its one version check, and
// the replacement of one of its parts (hours, exceptions, zones) through the one write path.
import { ADMIN_BRANCH_MESSAGES, type AdminBranch } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { VersionCheck } from '../../lib/admin-write';
import { exceptionFromRow } from '../../lib/branch-exceptions';
import { notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { loadBranch, type BranchRow } from './branches-repository';
import type { AdminBranchesDeps } from './types';

export function toAnswer(row: BranchRow): AdminBranch {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    address: row.address,
    phone: row.phone,
    city: row.city,
    pickup_available: row.pickup_available === 1,
    delivery_available: row.delivery_available === 1,
    prep_minutes: row.prep_minutes,
    hidden: row.active !== 1,
    position: row.position,
    hours: row.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
    exceptions: row.exceptions
      .map(exceptionFromRow)
      .map((e) => ({ date: e.date, closed: e.closed, ranges: [...e.ranges] })),
    zones: row.zones.map(({ neighbourhood, fee, min_order, delivery_minutes }) => ({
      neighbourhood,
      fee,
      min_order,
      delivery_minutes,
    })),
    orders_per_slot: row.orders_per_slot,
    units_per_slot: row.units_per_slot,
    staff_sets_capacity: row.staff_sets_capacity === 1,
    version: row.version,
  };
}

/** A branch as its GET answers it (read after its change committed). */
export async function branchAnswer(
  { write }: AdminBranchesDeps,
  id: number,
): Promise<{ results: AdminBranch }> {
  const row = await loadBranch(write.reader, id);
  if (!row) throw notFound(ADMIN_BRANCH_MESSAGES.notFound);
  return { results: toAnswer(row) };
}

/** The branch's version covers its data, visibility, hours, exceptions and zones: one editor. */
export function branchVersion(
  { write }: AdminBranchesDeps,
  id: number,
  expected: number | undefined,
): VersionCheck {
  return {
    claim: (trx: DbExecutor) => write.repository.claimVersion(trx, 'branches', id, expected),
    current: async () => {
      const row = await loadBranch(write.reader, id);
      return row ? toAnswer(row) : null;
    },
    notFound: ADMIN_BRANCH_MESSAGES.notFound,
  };
}

/** The branch as it is inside a change, after its version was claimed (so it exists). */
export async function lockedBranch(trx: DbExecutor, id: number): Promise<BranchRow> {
  return (await loadBranch(trx, id))!;
}

export const rangesText = (ranges: readonly { opens: string; closes: string }[]) =>
  ranges.map((r) => `${r.opens}–${r.closes}`).join(', ');

/** What replacing one part of a branch (hours, exceptions, zones) wrote, for its change-log row. */
interface PartReplaced {
  summary: string;
  before: unknown;
  after: unknown;
}

/**
 * Replaces one part of a branch whole, under the branch's one version: `replace` writes it and
 * says what it did; placement and the console hear a `branch` change. Answers the branch.
 */
export async function replaceBranchPart(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  version: number | undefined,
  replace: (trx: DbExecutor, row: BranchRow) => Promise<PartReplaced>,
) {
  await deps.write.write({
    actor,
    version: branchVersion(deps, id, version),
    change: async (trx) => {
      const done = await replace(trx, await lockedBranch(trx, id));
      const audit = { action: 'update' as const, entity: 'branch', entity_id: id, branch_id: id };
      return {
        result: undefined,
        audit: { ...audit, ...done },
        publish: [{ type: 'branch', branch_id: id }] as const,
      };
    },
  });
  return branchAnswer(deps, id);
}

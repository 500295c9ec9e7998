import type { AuditAction, AuditEntry, AuditQuery } from '@comanda/shared';
import { AUDIT_PAGE_SIZE } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { bind } from '../../lib/bind';
import { nowDate } from '../../lib/clock';
import type { AuditActor, AuditChange } from '../../lib/audit-record';
import type { AuditDeps } from './deps';
import { insertAuditRow, listAuditRows } from './repository';
import { isoInstant } from '../../lib/iso-instant';

// Declared in lib/ (the write path and the request's actor use them); the module's users import
// them from here.
export type { AuditActor, AuditChange };
export type { AuditDeps };

/** Kept short: a change log row is for people, and an image or a long text is not worth storing twice. */
const SUMMARY_MAX = 300;

const toJson = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);
const fromJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Writes the change's row through `executor`, the transaction of the change itself. */
export async function recordChange(
  { clock }: Pick<AuditDeps, 'clock'>,
  executor: DbExecutor,
  actor: AuditActor,
  change: AuditChange,
): Promise<void> {
  await insertAuditRow(executor, {
    at: nowDate(clock).toISOString(),
    user_id: actor.id,
    user_email: actor.email,
    action: change.action,
    entity: change.entity,
    entity_id:
      change.entity_id === undefined || change.entity_id === null ? null : String(change.entity_id),
    branch_id: change.branch_id ?? null,
    summary:
      change.summary.length > SUMMARY_MAX
        ? `${change.summary.slice(0, SUMMARY_MAX - 1)}…`
        : change.summary,
    before: toJson(change.before),
    after: toJson(change.after),
  });
}

/** One page of the log, newest first, and the id to ask for the next (older) one. */
export async function auditPage(
  { db }: Pick<AuditDeps, 'db'>,
  query: AuditQuery,
): Promise<{ results: AuditEntry[]; next: number | null }> {
  // One row more than a page tells whether there is an older page without counting.
  const rows = await listAuditRows(db, query, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    results: page.map((row) => ({
      id: row.id,
      at: isoInstant(row.at),
      user: row.user_email,
      user_id: row.user_id,
      action: row.action as AuditAction,
      entity: row.entity,
      entity_id: row.entity_id,
      branch_id: row.branch_id,
      summary: row.summary,
      before: fromJson(row.before),
      after: fromJson(row.after),
    })),
    next: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * The back office's change log (migration 007), as app.audit. `record` takes the transaction of
 * the change, so there is never a change without its row nor a row for a change that rolled back.
 * There is no update or delete: the API can only add rows (by changing something) and read them.
 */
export function createAuditService(deps: AuditDeps) {
  return {
    record: bind(deps, recordChange),
    list: bind(deps, auditPage),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

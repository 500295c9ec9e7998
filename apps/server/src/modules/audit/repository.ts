import { sql, type Kysely } from 'kysely';
import type { AuditLogTable, Database, DbExecutor } from '../../db/types';
import type { Insertable } from 'kysely';

export type NewAuditRow = Insertable<AuditLogTable>;

export interface AuditFilter {
  entity?: string | undefined;
  action?: string | undefined;
  user?: string | undefined;
  user_id?: number | undefined;
  branch_id?: number | undefined;
  q?: string | undefined;
  before?: number | undefined;
}

/** `%`, `_` and `\` typed in a filter are letters, not patterns. */
const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The change log, plain functions of the database (decision 065): rows are only ever added and
// read.

/** Inserts through `executor`: the transaction of the change it records. */
export const insertAuditRow = (executor: DbExecutor, row: NewAuditRow) =>
  executor.insertInto('audit_log').values(row).execute();

/** Newest first, `limit` rows older than `before`; the filters match case-insensitively. */
export function listAuditRows(db: Kysely<Database>, filter: AuditFilter, limit: number) {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.action) query = query.where('action', '=', filter.action);
  // Each has its index newest first (audit_log_user, audit_log_branch).
  if (filter.user_id !== undefined) query = query.where('user_id', '=', filter.user_id);
  if (filter.branch_id !== undefined) query = query.where('branch_id', '=', filter.branch_id);
  // ESCAPE spelled out: SQLite has no default escape character for LIKE.
  if (filter.user)
    query = query.where(
      sql<boolean>`lower(user_email) like ${likeEscaped(filter.user.toLowerCase())} escape '\\'`,
    );
  if (filter.q)
    query = query.where(
      sql<boolean>`lower(summary) like ${likeEscaped(filter.q.toLowerCase())} escape '\\'`,
    );
  return query.execute();
}

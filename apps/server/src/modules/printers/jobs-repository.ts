// The print queue's SQL (decision 071): write, claim, settle. The mail outbox's shape
// (modules/mail/outbox-repository.ts, decision 038), with one rule more: a printer's jobs go out
// in order, so only the oldest pending job of each printer is ever due. Plain functions of the
// executor (decision 065).
import { sql } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { DbExecutor, PrintReason } from '../../db/types';

/** The database the claim takes: PostgreSQL skips the rows another node has locked. */
export interface PrintStore {
  db: DbExecutor;
  dialect: DialectName;
}

/** A printout to queue: its printer, its order, what it is and why, and its bytes. */
export interface NewPrintJob {
  printer_id: number;
  order_id: number | null;
  kind: string;
  reason: PrintReason;
  payload: Buffer;
}

/** Queues printouts, due now, in the order given (their ids keep that order per printer). */
export async function insertJobs(db: DbExecutor, jobs: readonly NewPrintJob[], now: Date) {
  if (jobs.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto('print_jobs')
    .values(jobs.map((job) => ({ ...job, next_attempt_at: at, created_at: at })))
    .execute();
}

/**
 * Claims up to `limit` due jobs for one attempt, at most one per printer: the oldest pending job
 * of its printer (a job claimed, or waiting for its retry, stays pending and holds the ones
 * behind it). Each gets this claim's token, one more attempt and a `next_attempt_at` a lease
 * away, so nobody else takes it until the lease runs out (a node that died mid-send gives it
 * back that way). The outer WHERE repeats "due": on PostgreSQL a second node's UPDATE that
 * waited on the row re-reads it and skips it; SKIP LOCKED spares it the wait.
 */
export async function claimDue(
  { db, dialect }: PrintStore,
  token: string,
  now: Date,
  leaseMs: number,
  limit: number,
) {
  const at = now.toISOString();
  const due = db
    .selectFrom('print_jobs as j')
    .select('j.id')
    .where('j.status', '=', 'pending')
    .where('j.next_attempt_at', '<=', at)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('print_jobs as e')
            .select('e.id')
            .whereRef('e.printer_id', '=', 'j.printer_id')
            .where('e.status', '=', 'pending')
            .whereRef('e.id', '<', 'j.id'),
        ),
      ),
    )
    .orderBy('j.id')
    .limit(limit);
  return db
    .updateTable('print_jobs')
    .set({
      claim_token: token,
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
    })
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .returning(['id', 'printer_id', 'payload', 'attempts', 'created_at'])
    .execute();
}

/** One job claimed for an attempt. */
export type ClaimedJob = Awaited<ReturnType<typeof claimDue>>[number];

/** Printed: only by the claim that still holds it (a lease that ran out lost the row). */
export async function markSent(db: DbExecutor, id: number, token: string, now: Date) {
  const result = await db
    .updateTable('print_jobs')
    .set({ status: 'sent', sent_at: now.toISOString(), claim_token: null, last_error: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Not printed: try again at `retryAt`, or give up (`failed`) when that is null. */
export async function markFailed(
  db: DbExecutor,
  id: number,
  token: string,
  error: string,
  retryAt: Date | null,
) {
  await db
    .updateTable('print_jobs')
    .set({
      status: retryAt ? 'pending' : 'failed',
      claim_token: null,
      last_error: error.slice(0, 300),
      ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : {}),
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .execute();
}

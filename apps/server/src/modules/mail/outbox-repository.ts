import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database, Timestamp } from '../../db/types';
import { readBrand } from '../brand/repository';
import { SECRET_SLOT, type MailDraft } from './templates';

/** A message to write to the outbox: its cause, its recipient and what it says. */
export interface OutgoingMail extends MailDraft {
  kind: string;
  to: string;
  /**
   * A secret the message carries (a reset link's token): never written as it is. The bodies hold
   * SECRET_SLOT where it goes; the outbox keeps it sealed and the sender puts it in at delivery
   * (decision 075).
   */
  secret?: string;
}

const iso = (value: Timestamp) => (value instanceof Date ? value.toISOString() : value);

/**
 * Writes a message to the outbox. Pass the transaction of the change that causes it: the
 * message exists if and only if that change committed (decision 038).
 */
export async function enqueueMail(
  executor: Kysely<Database>,
  mail: OutgoingMail,
  now: Date,
  sealedSecret: string | null = null,
): Promise<number> {
  const at = now.toISOString();
  // The brand as the same transaction sees it: the message names the chain as it is now.
  const brand = await readBrand(executor);
  const content = mail.compose({ name: brand.name, color: brand.color });
  const row = await executor
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
      next_attempt_at: at,
      created_at: at,
      secret: sealedSecret,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// The outbox's SQL: write, list, claim, settle. Plain functions of the database (decision 065).

/** The database the claim takes: PostgreSQL skips the rows another node has locked. */
export interface OutboxStore {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** The back office's list, newest first. */
export async function listOutbox(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('outbox')
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'text_body',
      'html_body',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: iso(row.created_at),
    sent_at: row.sent_at === null ? null : iso(row.sent_at),
  }));
}

/**
 * Claims up to `limit` due messages for one delivery attempt: each gets this claim's token,
 * one more attempt, and a `next_attempt_at` a lease away, so nobody else takes it until the
 * lease runs out (a node that died mid-delivery gives it back that way). The outer WHERE
 * repeats "due": on PostgreSQL a second node's UPDATE that waited on the row re-reads it,
 * finds it no longer due and skips it; SKIP LOCKED spares it the wait. SQLite has one writer.
 */
export async function claimDue(
  { db, dialect }: OutboxStore,
  token: string,
  now: Date,
  leaseMs: number,
  limit: number,
) {
  const at = now.toISOString();
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .orderBy('id')
    .limit(limit);
  return db
    .updateTable('outbox')
    .set({
      claim_token: token,
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
    })
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts', 'secret'])
    .execute();
}

/** One message claimed for delivery. */
export type ClaimedMail = Awaited<ReturnType<typeof claimDue>>[number];

/**
 * Delivered: only by the claim that still holds it (a lease that ran out lost the row). The
 * secret goes: what was sent is not needed to send it again.
 */
export async function markSent(
  db: Kysely<Database>,
  id: number,
  token: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      claim_token: null,
      last_error: null,
      secret: null,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Not delivered: try again at `retryAt`, or give up (`failed`, its secret gone) when that is null. */
export async function markFailed(
  db: Kysely<Database>,
  id: number,
  token: string,
  error: string,
  retryAt: Date | null,
) {
  await db
    .updateTable('outbox')
    .set({
      status: retryAt ? 'pending' : 'failed',
      claim_token: null,
      last_error: error.slice(0, 500),
      ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : { secret: null }),
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Reset links written before the outbox sealed them (decision 075): their token in the bodies'
 * `token=` parameter. A pending one's token is sealed and its slot put in its place; a sent or
 * failed one's token is blanked (that message needs it no more). `seal` answers the sealed
 * token for a recipient.
 */
export async function sealOldResetLinks(
  db: Kysely<Database>,
  seal: (token: string, to: string) => string,
): Promise<number> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'status', 'to_address', 'text_body', 'html_body'])
    .where('secret', 'is', null)
    .where('text_body', 'like', '%?token=%')
    .where('text_body', 'not like', `%?token=${SECRET_SLOT}%`)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1];
    if (!token) continue;
    const blank = (body: string) => body.replaceAll(`=${token}`, `=${SECRET_SLOT}`);
    const result = await db
      .updateTable('outbox')
      .set({
        text_body: blank(row.text_body),
        html_body: blank(row.html_body),
        secret: row.status === 'pending' ? seal(token, row.to_address) : null,
      })
      .where('id', '=', row.id)
      .where('text_body', '=', row.text_body)
      .executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}

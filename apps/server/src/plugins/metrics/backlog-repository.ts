import type { DbExecutor, Timestamp } from '../../db/types';

/** The outboxes a node's senders drain (decisions 038, 061, 071): each a table of pending rows. */
export const OUTBOXES = {
  mail: 'outbox',
  print: 'print_jobs',
  refund: 'refunds',
} as const;

export type OutboxName = keyof typeof OUTBOXES;

/**
 * How many rows of one outbox are pending, and since when the oldest: one query on the
 * `(status, next_attempt_at)` index each of them has. A pending refund may already be sent and
 * wait for the provider's word; it still counts, since the money is not back yet.
 */
export async function pendingIn(
  executor: DbExecutor,
  outbox: OutboxName,
): Promise<{ pending: number; oldest: Timestamp | null }> {
  const row = await executor
    .selectFrom(OUTBOXES[outbox])
    .select((eb) => [
      eb.fn.countAll<number | string>().as('pending'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldest: row.oldest as Timestamp | null };
}

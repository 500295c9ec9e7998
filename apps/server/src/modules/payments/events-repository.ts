import type { Insertable } from 'kysely';
import type { DbExecutor, PaymentEventTable } from '../../db/types';

// The provider's events as they arrived, plain functions of the executor (decision 065).

export const recordEvent = (executor: DbExecutor, row: Insertable<PaymentEventTable>) =>
  executor.insertInto('payment_events').values(row).execute();

/** Whether an event with this key was kept before (a provider's retry, or a replay). */
export async function eventSeen(executor: DbExecutor, key: string): Promise<boolean> {
  const row = await executor
    .selectFrom('payment_events')
    .select('id')
    .where('event_key', '=', key)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

import type { DbExecutor, PaymentKind } from '../../db/types';
import { nextPosition } from './positions-repository';

const COLUMNS = ['id', 'description', 'position', 'active', 'kind', 'version'] as const;

// The payment methods checkout offers, plain functions of the executor (decision 065). Writes
// take the change's transaction.

/** What a payment method's form writes. */
export interface PaymentTypeValues {
  description: string;
  active: number;
  kind: PaymentKind;
}

export const listPaymentTypes = (executor: DbExecutor) =>
  executor.selectFrom('payment_types').select(COLUMNS).orderBy('position').orderBy('id').execute();

export const findPaymentType = (executor: DbExecutor, id: number) =>
  executor.selectFrom('payment_types').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export type PaymentTypeRow = NonNullable<Awaited<ReturnType<typeof findPaymentType>>>;

export async function insertPaymentType(
  trx: DbExecutor,
  values: PaymentTypeValues,
): Promise<number> {
  const position = await nextPosition(trx, { table: 'payment_types' });
  const row = await trx
    .insertInto('payment_types')
    .values({ ...values, position })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const updatePaymentType = (trx: DbExecutor, id: number, values: PaymentTypeValues) =>
  trx.updateTable('payment_types').set(values).where('id', '=', id).execute();

export async function countActivePaymentTypes(trx: DbExecutor): Promise<number> {
  const row = await trx
    .selectFrom('payment_types')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

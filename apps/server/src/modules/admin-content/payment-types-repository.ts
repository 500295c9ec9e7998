import type { Kysely } from 'kysely';
import type { Database, DbExecutor, PaymentKind } from '../../db/types';
import { nextPosition } from './positions-repository';

const COLUMNS = ['id', 'description', 'position', 'active', 'kind', 'version'] as const;

/** The payment methods checkout offers. Writes take the change's transaction. */
export function createPaymentTypesRepository(db: Kysely<Database>) {
  return {
    listPaymentTypes: (executor: DbExecutor = db) =>
      executor
        .selectFrom('payment_types')
        .select(COLUMNS)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    findPaymentType: (executor: DbExecutor, id: number) =>
      executor.selectFrom('payment_types').select(COLUMNS).where('id', '=', id).executeTakeFirst(),
    async insertPaymentType(
      trx: DbExecutor,
      values: { description: string; active: number; kind: PaymentKind },
    ): Promise<number> {
      const position = await nextPosition(trx, { table: 'payment_types' });
      const row = await trx
        .insertInto('payment_types')
        .values({ ...values, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updatePaymentType: (
      trx: DbExecutor,
      id: number,
      values: { description: string; active: number; kind: PaymentKind },
    ) => trx.updateTable('payment_types').set(values).where('id', '=', id).execute(),
    async countActivePaymentTypes(trx: DbExecutor): Promise<number> {
      const row = await trx
        .selectFrom('payment_types')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('active', '=', 1)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

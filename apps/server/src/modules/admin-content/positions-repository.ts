import type { DbExecutor } from '../../db/types';

/** The lists Contenido orders by a `position` column; the survey is one segment of `parameters`. */
export type ContentOrderedList =
  { table: 'banners' | 'payment_types' } | { table: 'parameters'; segment: string };

/** The next position at the end of a list (positions count from 0, as the one reorder sets them). */
export async function nextPosition(trx: DbExecutor, list: ContentOrderedList): Promise<number> {
  let query = trx.selectFrom(list.table).select((eb) => eb.fn.max('position').as('max'));
  if (list.table === 'parameters') query = query.where('segment', '=', list.segment);
  const row = await query.executeTakeFirst();
  return Number(row?.max ?? -1) + 1;
}

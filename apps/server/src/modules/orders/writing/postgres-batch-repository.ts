import { CompiledQuery, type Kysely } from 'kysely';
import { preparedOnPostgres } from '../../../db/prepared-statements';
import type { Database } from '../../../db/types';
import type { OrderDraft, OrderKey } from '../types';
import { lineColumns, orderColumns, orderDraftColumns, orderLineColumns } from './order-columns';

/**
 * A group-commit batch of new orders on PostgreSQL in ONE statement (decision 057): the
 * customers' counts, the orders, their lines and their first steps, written by data-modifying
 * CTEs. One statement is its own transaction, so the batch is one round trip instead of six
 * (BEGIN, four INSERTs, COMMIT); under load each round trip also waits behind the event loop,
 * and that wait is what every customer of the batch waits for.
 *
 * The orders arrive as one JSON document ($1), each with its lines; `jsonb_populate_record`
 * types each field by the table's own column. Positions are claimed as the transaction path
 * claims them: the counter rows upserted in user order (two batches lock them in the same order
 * and cannot deadlock), and each order numbered after its customer's previous count, in the
 * batch's order, which is also the order its ids are drawn in.
 *
 * An order stored meanwhile by its twin (another batch, possibly on another node) is skipped by
 * `on conflict do nothing`, and its customer's count would be one too many: the last line then
 * divides by zero, which aborts the statement and with it everything it wrote.
 */
const STATEMENT = preparedOnPostgres(`with input as (
  select o.n, o.doc, ${orderDraftColumns.map((column) => `r.${column}`).join(', ')}
  from jsonb_array_elements($1::jsonb) with ordinality as o(doc, n)
  cross join lateral jsonb_populate_record(null::orders, o.doc) as r
), per_user as (
  select user_id, count(*)::int as orders from input group by user_id
), counts as (
  insert into user_order_counts (user_id, orders)
  select user_id, orders from per_user order by user_id
  on conflict (user_id) do update set orders = user_order_counts.orders + excluded.orders
  returning user_id, orders
), written as (
  insert into orders (${orderColumns.join(', ')})
  select ${orderDraftColumns.map((column) => `i.${column}`).join(', ')},
    counts.orders - per_user.orders + row_number() over (partition by i.user_id order by i.n),
    $2::timestamptz, $2::timestamptz
  from input i join per_user using (user_id) join counts using (user_id)
  order by i.n
  on conflict (user_id, client_order_id) do nothing
  returning id, user_id, client_order_id
), lines as (
  insert into order_lines (${orderLineColumns.join(', ')})
  select written.id, e.n - 1, ${lineColumns.map((column) => `l.${column}`).join(', ')}
  from written join input i using (user_id, client_order_id)
  cross join lateral jsonb_array_elements(i.doc -> 'lines') with ordinality as e(doc, n)
  cross join lateral jsonb_populate_record(null::order_lines, e.doc) as l
), first_steps as (
  insert into order_status_history (order_id, status, at)
  select written.id, i.status, $2::timestamptz
  from written join input i using (user_id, client_order_id)
)
select coalesce(json_agg(json_build_array(id, user_id, client_order_id)), '[]') as written,
  1 / (case when count(*) = (select count(*) from input) then 1 else 0 end) as complete
from written`);

/** What PostgreSQL answers the statement's last line with when an order was stored meanwhile. */
const DIVISION_BY_ZERO = '22012';

/** The statement and its two parameters: what the server sends, and bench:orders' ceiling too. */
export function postgresBatchQuery(drafts: readonly OrderDraft[], at: string) {
  // A line's options are stored as the JSON text the SQLite path stores: a string inside the
  // document, or PostgreSQL would store its own rendering of the array.
  const document = drafts.map((draft) => ({
    ...draft,
    lines: draft.lines.map((line) => ({ ...line, options: JSON.stringify(line.options) })),
  }));
  return CompiledQuery.raw(STATEMENT, [JSON.stringify(document), at]);
}

/**
 * Writes new orders (each key once) in one statement; answers the rows written, or null when
 * one of them was stored meanwhile and nothing was written.
 */
export async function writeInOneStatement(
  db: Kysely<Database>,
  drafts: readonly OrderDraft[],
  at: string,
): Promise<(OrderKey & { id: number })[] | null> {
  try {
    const { rows } = await db.executeQuery<{ written: [number, number, string][] }>(
      postgresBatchQuery(drafts, at),
    );
    return (rows[0]?.written ?? []).map(([id, user_id, client_order_id]) => ({
      id,
      user_id,
      client_order_id,
    }));
  } catch (error) {
    if ((error as { code?: unknown }).code === DIVISION_BY_ZERO) return null;
    throw error;
  }
}

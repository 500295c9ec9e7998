import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import type { AnyDb, Migration } from './helpers';

/** How far back the previous catch-up looked again before its watermark (it folds from there). */
const PREVIOUS_LOOK_BACK_MS = 2 * 60_000;

/**
 * Informes' change log (decision 091): a row per order written, appended by the database itself
 * in the writing transaction (triggers on `orders`: every insert, and every update that stamps
 * `updated_at`, the writes a report reads), so it becomes visible exactly when the write commits.
 * The catch-up folds what the log holds and deletes what it folded: no look-back over timestamps,
 * no clock to trust. `kind` tells a new order (`insert`: added to its hour) from a changed one
 * (`update`: its hour recomputed). `seq` never repeats (AUTOINCREMENT, bigserial), so a node deleting what it
 * read never deletes a newer row. Seeded with what the previous catch-up had not surely folded:
 * the orders changed since its watermark less its look-back.
 */
export function insightChangesMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('insight_changes')
        .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('insert', 'update')`))
        .execute();
      // The rollups leave out the orders whose insert is still logged (catch-up.ts).
      await db.schema
        .createIndex('insight_changes_order')
        .on('insight_changes')
        .columns(['order_id', 'kind'])
        .execute();
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
      await seed(db);
    },
  };
}

async function postgresTriggers(db: AnyDb) {
  // `search_path from current`: the log of this schema, whichever session writes the order.
  await sql`create function insight_order_changed() returns trigger language plpgsql
    set search_path from current as $$
    begin
      insert into insight_changes (order_id, kind)
        values (new.id, case when tg_op = 'INSERT' then 'insert' else 'update' end);
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_insight_changes after insert or update of updated_at on orders
    for each row execute function insight_order_changed()`.execute(db);
}

async function sqliteTriggers(db: AnyDb) {
  await sql`create trigger orders_insight_inserted after insert on orders
    begin insert into insight_changes (order_id, kind) values (new.id, 'insert'); end`.execute(db);
  await sql`create trigger orders_insight_updated after update of updated_at on orders
    begin insert into insight_changes (order_id, kind) values (new.id, 'update'); end`.execute(db);
}

async function seed(db: AnyDb) {
  const state = await db
    .selectFrom('insight_state')
    .select('watermark')
    .where('id', '=', 1)
    .executeTakeFirst();
  // Never built: the first catch-up rebuilds from every order.
  if (!state?.watermark) return;
  const since = new Date(new Date(state.watermark).getTime() - PREVIOUS_LOOK_BACK_MS);
  await db
    .insertInto('insight_changes')
    .columns(['order_id', 'kind'])
    .expression(
      db
        .selectFrom('orders')
        // Folded or not, their hours are recomputed: updates.
        .select(['id', sql.lit('update').as('kind')])
        .where('updated_at', '>=', since.toISOString()),
    )
    .execute();
}

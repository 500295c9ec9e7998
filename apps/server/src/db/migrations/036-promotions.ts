import type { DialectName } from '../dialect';
import { flag, withId, type AnyDb, type Migration } from './helpers';

/**
 * Promotions (product.md «Promotions», decision 082):
 * - `promotions`: the chain's rules. `kind` says which figure counts (`buy`/`pay` for nxm,
 *   `percent`, `amount` per unit, a combo's `price`, free delivery's `min_order`); what it
 *   matches, its weekdays and branches are JSON arrays of ids (`[]` for branches: all of them);
 *   `time_from`/`time_to` are the weekly window's hours (`from`/`to` in the API), `starts_on`/
 *   `ends_on` its chain days (YYYY-MM-DD, inclusive; null: open-ended). `version` is the back
 *   office's lock (decision 032).
 * - `orders.promotions`: what each promotion took off an order, as JSON text
 *   (`[{"id":1,"title":"2x1 martes","amount":22900}]`), so the order shows its lines after the
 *   rule is edited or removed, and the per-customer limit counts it.
 */
export function promotionsMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('promotions'), dialect)
        .addColumn('title', 'varchar(80)', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('buy', 'integer')
        .addColumn('pay', 'integer')
        .addColumn('percent', 'integer')
        .addColumn('amount', 'integer')
        .addColumn('price', 'integer')
        .addColumn('min_order', 'integer')
        .addColumn('product_ids', 'varchar(2000)', (c) => c.notNull().defaultTo('[]'))
        .addColumn('category_ids', 'varchar(2000)', (c) => c.notNull().defaultTo('[]'))
        .addColumn('days', 'varchar(40)', (c) => c.notNull())
        .addColumn('time_from', 'varchar(5)', (c) => c.notNull())
        .addColumn('time_to', 'varchar(5)', (c) => c.notNull())
        .addColumn('branch_ids', 'varchar(2000)', (c) => c.notNull().defaultTo('[]'))
        .addColumn('starts_on', 'varchar(10)')
        .addColumn('ends_on', 'varchar(10)')
        .addColumn('per_customer_limit', 'integer')
        .addColumn('stacks_with_code', 'integer', flag(0))
        .addColumn('active', 'integer', flag(1))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('promotions', 'varchar(4000)', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  };
}

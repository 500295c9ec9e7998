import type { AnyDb, Migration } from './helpers';

/**
 * Options sold out at a branch (decision 050): "sin aguacate hoy". A row means the option (a
 * `modifier_options` entry of one product's group) is sold out at that branch; no row means it
 * is not, so back in stock deletes the row and the table stays as small as what ran out today.
 */
export function optionSoldOutMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('branch_sold_out_options')
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('option_id', 'integer', (c) =>
          c.notNull().references('modifier_options.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('branch_sold_out_options_pk', ['branch_id', 'option_id'])
        .execute();
    },
  };
}

import type { DialectName } from '../dialect';
import { timestampType, type AnyDb, type Migration } from './helpers';

/**
 * Requiring the second factor for staff without stopping the open consoles (decision 083):
 * - `chain_settings.second_factor_staff_since`: when the staff requirement last widened (turned
 *   on, or reached more branches); sessions opened before it keep working through a grace period;
 * - `second_factor_branches`: the branches whose staff it applies to; none: every branch.
 * Both are additions only: a node of the previous release reads the settings it knows.
 */
export function secondFactorRolloutMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('chain_settings')
        .addColumn('second_factor_staff_since', timestampType(dialect))
        .execute();
      await db.schema
        .createTable('second_factor_branches')
        .addColumn('branch_id', 'integer', (c) =>
          c.primaryKey().references('branches.id').onDelete('cascade'),
        )
        .execute();
    },
  };
}

import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { timestampType, withId, type AnyDb, type Migration } from './helpers';

/**
 * A branch's thermal printers and the queue of what they print (decision 071):
 * - `printers`: where one is on the branch's network (host, port), its paper and code page, what
 *   it prints (`prints`: the ticket and/or stations, a JSON list) and when (`print_on`: new,
 *   accept, manual, a JSON list); how its last attempt went (its state on the console); the back
 *   office's `version`.
 * - `print_jobs`: the rendered ESC/POS bytes for one printer, sent in order per printer exactly
 *   once: claimed for an attempt by a node (`claim_token`, a lease in `next_attempt_at`), retried
 *   with backoff while the printer is away, given up (`failed`) when too old to matter.
 */
export function printersMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('printers'), dialect)
        .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .addColumn('host', 'varchar(253)', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('width_mm', 'integer', (c) => c.notNull().check(sql`width_mm in (58, 80)`))
        .addColumn('code_page', 'varchar(10)', (c) => c.notNull())
        .addColumn('prints', 'varchar(400)', (c) => c.notNull())
        .addColumn('print_on', 'varchar(60)', (c) => c.notNull())
        .addColumn('last_success_at', ts)
        .addColumn('last_error', 'varchar(300)')
        .addColumn('last_error_at', ts)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('printers_branch').on('printers').column('branch_id').execute();
      await withId(db.schema.createTable('print_jobs'), dialect)
        .addColumn('printer_id', 'integer', (c) => c.notNull().references('printers.id'))
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('reason', 'varchar(10)', (c) =>
          c.notNull().check(sql`reason in ('new', 'accept', 'manual')`),
        )
        .addColumn('payload', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'sent', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', ts, (c) => c.notNull())
        .addColumn('claim_token', 'varchar(40)')
        .addColumn('last_error', 'varchar(300)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('sent_at', ts)
        .execute();
      // The claim's "due" scan, and each printer's head of queue (its oldest pending job).
      await db.schema
        .createIndex('print_jobs_due')
        .on('print_jobs')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('print_jobs_printer')
        .on('print_jobs')
        .columns(['printer_id', 'status', 'id'])
        .execute();
    },
  };
}

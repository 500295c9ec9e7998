import type { DialectName } from '../dialect';
import { flag, withId, type AnyDb, type Migration } from './helpers';

/**
 * The back office's Contenido section:
 * - banners get an optional window of chain days (`active_from`, `active_to`, YYYY-MM-DD text,
 *   inclusive, null = no limit), as text so no time zone can shift a day;
 * - survey options (`parameters`) can be hidden: a signup keeps pointing at its answer;
 * - the social links of /redes-sociales move from code to the database. The rows written here
 *   are the values the code carried, so the page shows what it showed until the chain edits them.
 */
export function adminContentMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('banners').addColumn('active_from', 'varchar(10)').execute();
      await db.schema.alterTable('banners').addColumn('active_to', 'varchar(10)').execute();
      await db.schema.alterTable('parameters').addColumn('active', 'integer', flag(1)).execute();

      await withId(db.schema.createTable('social_links'), dialect)
        .addColumn('network', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('handle', 'varchar(80)', (c) => c.notNull())
        // An https URL, or for WhatsApp the number (country code and digits).
        .addColumn('value', 'varchar(300)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', flag(1))
        .execute();
      await db
        .insertInto('social_links')
        .values([
          {
            network: 'instagram',
            handle: '@labrasadorada',
            value: 'https://www.instagram.com/labrasadorada',
            position: 1,
            active: 1,
          },
          {
            network: 'facebook',
            handle: 'La Brasa Dorada',
            value: 'https://www.facebook.com/labrasadorada',
            position: 2,
            active: 1,
          },
          {
            network: 'whatsapp',
            handle: 'Chatea con nosotros',
            value: '573000000000',
            position: 3,
            active: 1,
          },
        ])
        .execute();
    },
  };
}

import { sql, type Kysely } from 'kysely';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { DialectName } from './dialect';
import type { Database } from './types';

/**
 * What tells this deployment's database apart from any other, as text: every node of one
 * deployment gets the same answer however its DATABASE_URL is spelled (a host name or an
 * address, another password), and two deployments differ even when their URLs are the same
 * (`db:5432/comanda` in two compose stacks). On PostgreSQL: the cluster's system identifier
 * (set by initdb, kept by restarts; a dump restored elsewhere gets another one), the database
 * and the schema. Where the identifier cannot be read (some managed services), the database and
 * schema with the server's address. On SQLite: the host and the file's absolute path, since only
 * processes on one host share a file.
 */
export async function databaseIdentity(
  db: Kysely<Database>,
  dialect: DialectName,
  sqliteFile: string | undefined,
): Promise<string> {
  if (dialect === 'sqlite')
    return `sqlite:${hostname()}:${sqliteFile ? resolve(sqliteFile) : ':memory:'}`;
  const { rows } = await sql<{
    database: string;
    schema: string | null;
    address: string | null;
    port: number | null;
  }>`
    select current_database() as database, current_schema() as schema,
           host(inet_server_addr()) as address, inet_server_port() as port`.execute(db);
  const where = rows[0];
  let cluster: string;
  try {
    const control = await sql<{
      id: string;
    }>`select system_identifier::text as id from pg_control_system()`.execute(db);
    cluster = control.rows[0]?.id ?? '';
  } catch {
    cluster = '';
  }
  if (!cluster) cluster = `${where?.address ?? 'local'}:${where?.port ?? ''}`;
  return `postgres:${cluster}:${where?.database ?? ''}:${where?.schema ?? ''}`;
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config';
import { createBackup } from '../../src/backup/backup';
import { restoreBackup } from '../../src/backup/restore';
import { migrationsFor } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open';
import { testDialect } from '../helpers/database';
import { createProcessDatabase, type ProcessDatabase } from '../helpers/server-process';

// What the backup commands say when they will not do it (decision 080): each refusal is one
// line naming the reason, before anything is written. The drill itself, with a server taking
// orders, is test/system/backup-restore.test.ts.
let database: ProcessDatabase;
let work: string;
let file: string;
const configFor = (url: string) => testConfig({ DATABASE_URL: url });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'comanda-refusals-'));
  database = await createProcessDatabase('refusals');
  const handle = await openDatabase({ url: database.url, seedDemo: false });
  await handle.db.destroy();
  file = join(work, 'copia.tar.gz');
}, 30_000);

afterAll(async () => {
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore refusals', () => {
  it('describes the database it copied in the manifest', async () => {
    const { manifest, bytes } = await createBackup(configFor(database.url), file);
    const migrations = Object.keys(migrationsFor(testDialect));
    expect(manifest.dialect).toBe(testDialect);
    expect(manifest.migration).toBe(migrations.at(-1));
    expect(manifest.counts.kysely_migration).toBe(migrations.length);
    expect(manifest.counts.orders).toBe(0);
    expect(bytes).toBeGreaterThan(0);
  });

  it('refuses a database that has tables without --force', async () => {
    await expect(restoreBackup(configFor(database.url), file, { force: false })).rejects.toThrow(
      /already has data \(\d+ tables\).*--force/,
    );
  });

  it('refuses a file that is not a backup, or a tar without a manifest', async () => {
    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'no soy un respaldo');
    await expect(restoreBackup(configFor(database.url), junk, { force: true })).rejects.toThrow(
      /^not a readable backup/,
    );
    writeFileSync(join(work, 'database.sqlite'), '');
    const bare = join(work, 'bare.tar.gz');
    await create({ file: bare, cwd: work, gzip: true }, ['database.sqlite']);
    await expect(restoreBackup(configFor(database.url), bare, { force: true })).rejects.toThrow(
      'not a Comanda backup: it has no manifest.json',
    );
    await expect(
      restoreBackup(configFor(database.url), join(work, 'nada.tar.gz'), { force: true }),
    ).rejects.toThrow(/^no such file/);
  });

  it('refuses a backup of another database (the other dialect; on PostgreSQL, another schema)', async () => {
    // Nothing listens there: the refusal comes before any connection.
    const other =
      testDialect === 'postgres'
        ? join(work, 'otra.db')
        : 'postgres://nadie@127.0.0.1:1/comanda?options=-c%20search_path%3Dpublic';
    await expect(restoreBackup(configFor(other), file, { force: true })).rejects.toThrow(
      `the backup is of a ${testDialect} database and DATABASE_URL is ${testDialect === 'postgres' ? 'sqlite' : 'postgres'}`,
    );
    if (testDialect !== 'postgres') return;
    const url = new URL(database.url);
    url.searchParams.set('options', '-c search_path=otro_esquema');
    await expect(restoreBackup(configFor(url.toString()), file, { force: true })).rejects.toThrow(
      `the backup is of schema ${database.name} and DATABASE_URL works in otro_esquema`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { migrationsFor } from '../../src/db/migrate';
import {
  contractSteps,
  releaseSchemaOf,
  type ContractFinding,
  type ReleaseSchema,
} from '../helpers/expand-only';
import {
  git,
  migrationNamesAt,
  migrationSource,
  previousRelease,
} from '../helpers/previous-release';

/**
 * The contract steps allowed in the migrations since the previous release (decision 081): a drop,
 * a rename or a narrowing of what that release's schema has, each named as the check names it,
 * with why the release no longer reads or writes it. An entry whose migration has been released
 * (or whose step is gone) fails the check: remove it when the release is cut.
 */
const CONTRACT_STEPS: (ContractFinding & { why: string })[] = [
  {
    migration: '045-insight-money-bigint',
    finding: 'changes column ?.? (type or not null)',
    why: "Informes' money sums from integer to bigint on PostgreSQL: a widening. The release reads int8 as a number (its dialect's type parser) and writes the same values.",
  },
];

const release = previousRelease();
const released = new Set(migrationNamesAt(release.commit));
const since = Object.keys(migrationsFor('sqlite')).filter((name) => !released.has(name));
const schema = releaseSchemaOf(git(['show', `${release.commit}:apps/server/src/db/types.ts`]));
const key = ({ migration, finding }: ContractFinding) => `${migration}: ${finding}`;

describe(`the migrations since the previous release (${release.name})`, () => {
  it('only expand: nothing its code reads or writes is dropped, renamed or narrowed', () => {
    const allowed = new Set(CONTRACT_STEPS.map(key));
    const found = since.flatMap((name) => contractSteps(name, migrationSource(name), schema));
    expect(found.map(key).filter((step) => !allowed.has(step))).toEqual([]);
    // An entry that matches nothing any more would let a later step of the same name through.
    expect(CONTRACT_STEPS.map(key).filter((step) => !found.map(key).includes(step))).toEqual([]);
  });
});

describe('the expand-only check', () => {
  const releaseSchema: ReleaseSchema = new Map([['orders', new Set(['id', 'note', 'total'])]]);
  const steps = (source: string) =>
    contractSteps('900-test', source, releaseSchema).map((f) => f.finding);

  it("finds the schema builder's drops, renames and narrowings of the release's tables", () => {
    expect(
      steps(`export const m = { async up(db) {
        await db.schema.alterTable('orders').dropColumn('note').execute();
        await db.schema.alterTable('orders').renameColumn('total', 'amount').execute();
        await db.schema.alterTable('orders').alterColumn('id', (c) => c.setDataType('bigint')).execute();
        await db.schema.alterTable('orders').addColumn('channel', 'text', (c) => c.notNull()).execute();
        await db.schema.alterTable('orders').renameTo('sales').execute();
        await db.schema.dropTable('orders').ifExists().execute();
      } };`),
    ).toEqual([
      'drops column orders.note',
      'renames column orders.total',
      'changes column orders.id (type or not null)',
      'adds column orders.channel not null without a default',
      'renames table orders',
      'drops table orders',
    ]);
  });

  it('finds them in SQL written by hand, a sql.table(…) name included', () => {
    expect(
      steps(`export const m = { async up(db) {
        await sql\`alter table \${sql.table('orders')} drop column note\`.execute(db);
        await sql\`ALTER TABLE "orders" RENAME COLUMN total TO amount\`.execute(db);
        await sql.raw('alter table orders alter column id type bigint').execute(db);
        await sql\`drop table if exists orders\`.execute(db);
      } };`),
    ).toEqual([
      'drops column orders.note',
      'renames column orders.total',
      'changes column orders.id (type or not null)',
      'drops table orders',
    ]);
  });

  it('lets expand steps through, and contract steps on what the release never had', () => {
    expect(
      steps(`export const m = { async up(db) {
        await db.schema.alterTable('orders').addColumn('channel', 'text').execute();
        await db.schema.alterTable('orders').addColumn('kind', 'text', (c) => c.notNull().defaultTo('x')).execute();
        await db.schema.createTable('promos').addColumn('id', 'integer', (c) => c.notNull()).execute();
        await db.schema.createIndex('orders_by_channel').on('orders').column('channel').execute();
        await db.schema.alterTable('promos').dropColumn('old').execute();
        await db.schema.dropTable('promos_staging').execute();
        await db.schema.dropIndex('orders_old_index').execute();
      } };`),
    ).toEqual([]);
  });

  it('follows a chain through a helper that wraps its start', () => {
    expect(
      steps(`await withId(db.schema.alterTable('orders'), dialect).dropColumn('note').execute();
        await withId(db.schema.createTable('orders_v2'), dialect).addColumn('note', 'text', (c) => c.notNull()).execute();`),
    ).toEqual(['drops column orders.note']);
  });

  it('assumes the worst of a table it cannot name', () => {
    expect(
      steps(`for (const t of TABLES) await db.schema.alterTable(t).dropColumn('note').execute();`),
    ).toEqual(['drops column ?.note']);
  });
});

import type { Transaction } from 'kysely';
import type { Database } from '../types';

/**
 * The demo's promotions (decision 082), making its banners true: «2x1 en hamburguesas los
 * martes» (every burger, every branch, all Tuesday) and «Domicilio gratis en pedidos desde
 * $40.000» (every day, from $40.000 in products after the other promotions).
 */
export async function insertDemoPromotions(trx: Transaction<Database>): Promise<void> {
  // A database seeded before migration 036 (the migration tests seed older schemas) has no
  // promotions table yet: it gets none, as a chain migrated from then starts without any.
  const tables = await trx.introspection.getTables();
  if (!tables.some((table) => table.name === 'promotions')) return;
  const burgers = await trx
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', 'hamburguesas')
    .executeTakeFirstOrThrow();
  // Every column named in both rows: a multi-row insert fills a missing one with null.
  const always = {
    time_from: '00:00',
    time_to: '24:00',
    branch_ids: '[]',
    product_ids: '[]',
    category_ids: '[]',
    buy: null,
    pay: null,
    min_order: null,
  };
  await trx
    .insertInto('promotions')
    .values([
      {
        ...always,
        title: '2x1 martes',
        kind: 'nxm',
        buy: 2,
        pay: 1,
        category_ids: JSON.stringify([burgers.id]),
        days: '[2]',
      },
      {
        ...always,
        title: 'Domicilio gratis desde $40.000',
        kind: 'free_delivery',
        min_order: 40_000,
        days: '[0,1,2,3,4,5,6]',
      },
    ])
    .execute();
  await linkBanners(trx, tables);
}

/**
 * The banners that announce the promotions link to them (migration 042): a tap on the Tuesday
 * 2x1 leads to the burgers. A database seeded before that migration has no such column.
 */
async function linkBanners(
  trx: Transaction<Database>,
  tables: Awaited<ReturnType<Transaction<Database>['introspection']['getTables']>>,
) {
  const banners = tables.find((table) => table.name === 'banners');
  if (!banners?.columns.some((column) => column.name === 'promotion_id')) return;
  const links: [banner: string, promotion: string][] = [
    ['2x1 en hamburguesas los martes', '2x1 martes'],
    ['Domicilio gratis en pedidos desde $40.000', 'Domicilio gratis desde $40.000'],
  ];
  for (const [banner, promotion] of links) {
    const rule = await trx
      .selectFrom('promotions')
      .select('id')
      .where('title', '=', promotion)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('banners')
      .set({ promotion_id: rule.id })
      .where('title', '=', banner)
      .execute();
  }
}

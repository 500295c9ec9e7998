import type { BrandSettings } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';

/** Before migration 022's row is readable (a routes-only test): the demo chain's brand. */
export const DEFAULT_BRAND: BrandSettings = {
  name: 'La Brasa Dorada',
  short_name: 'Brasa Dorada',
  color: '#b3261e',
  logo: false,
  version: 1,
};

/** The chain's brand on its one row of settings (migration 022). */
export async function readBrand(executor: DbExecutor): Promise<BrandSettings> {
  const row = await executor
    .selectFrom('chain_settings')
    .select((eb) => [
      'brand_name',
      'brand_short_name',
      'brand_color',
      'brand_version',
      eb('brand_logo', 'is not', null).as('has_logo'),
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row
    ? {
        name: row.brand_name,
        short_name: row.brand_short_name,
        color: row.brand_color,
        // SQLite answers 0 or 1, PostgreSQL a boolean.
        logo: Boolean(row.has_logo),
        version: row.brand_version,
      }
    : DEFAULT_BRAND;
}

/** The uploaded logo (a 512 px square PNG), or null while the shipped one is used. */
export async function readLogo(executor: DbExecutor): Promise<Buffer | null> {
  const row = await executor
    .selectFrom('chain_settings')
    .select('brand_logo')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.brand_logo ? Buffer.from(row.brand_logo) : null;
}

/** Raises the brand's version when it is still `expected` (any version when none is given). */
export async function claimBrand(trx: DbExecutor, expected: number | undefined): Promise<boolean> {
  let query = trx
    .updateTable('chain_settings')
    .set((eb) => ({ brand_version: eb('brand_version', '+', 1) }))
    .where('id', '=', 1);
  if (expected !== undefined) query = query.where('brand_version', '=', expected);
  const rows = await query.returning('id').execute();
  return rows.length > 0;
}

export async function saveBrand(
  trx: DbExecutor,
  values: { name: string; short_name: string; color: string },
) {
  await trx
    .updateTable('chain_settings')
    .set({
      brand_name: values.name,
      brand_short_name: values.short_name,
      brand_color: values.color,
    })
    .where('id', '=', 1)
    .execute();
}

export async function saveLogo(trx: DbExecutor, logo: Buffer | null) {
  await trx.updateTable('chain_settings').set({ brand_logo: logo }).where('id', '=', 1).execute();
}

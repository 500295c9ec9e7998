import type { DbExecutor } from '../../db/types';
import { nextPosition } from './positions-repository';

export interface BannerValues {
  title: string;
  image: string;
  active_from: string | null;
  active_to: string | null;
  active: number;
  promotion_id: number | null;
}

const COLUMNS = [
  'id',
  'title',
  'image',
  'position',
  'active',
  'active_from',
  'active_to',
  'promotion_id',
  'version',
] as const;

// The landing's banners, plain functions of the executor (decision 065). Writes take the
// change's transaction.

export const listBanners = (executor: DbExecutor) =>
  executor.selectFrom('banners').select(COLUMNS).orderBy('position').orderBy('id').execute();

export const findBanner = (executor: DbExecutor, id: number) =>
  executor.selectFrom('banners').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export type BannerRow = NonNullable<Awaited<ReturnType<typeof findBanner>>>;

export async function insertBanner(trx: DbExecutor, values: BannerValues): Promise<number> {
  const position = await nextPosition(trx, { table: 'banners' });
  const row = await trx
    .insertInto('banners')
    .values({ ...values, position })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const updateBanner = (trx: DbExecutor, id: number, values: BannerValues) =>
  trx.updateTable('banners').set(values).where('id', '=', id).execute();

/** Whether a promotion exists, for a banner that links to it. */
export const promotionExists = async (executor: DbExecutor, id: number) =>
  (await executor.selectFrom('promotions').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;

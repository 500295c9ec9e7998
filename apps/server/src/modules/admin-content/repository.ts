import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';

/** The survey's segment in `parameters` ("Como nos conociste?"). */
export const SURVEY_SEGMENT = 'survey';

export interface BannerValues {
  title: string;
  image: string;
  active_from: string | null;
  active_to: string | null;
  active: number;
}

export interface CouponValues {
  title: string;
  description: string;
  main_image: string;
  confirmation_image: string;
  active: number;
}

/** Tables the console orders by a `position` column. */
type Ordered = 'banners' | 'payment_types' | 'parameters';

/**
 * The Contenido section's reads and writes. Writes take the caller's transaction, so a change and
 * its change-log row commit together.
 */
export function createAdminContentRepository(db: Kysely<Database>) {
  /** The next position at the end of a list (positions count from 0, as the one reorder sets them). */
  async function nextPosition(trx: DbExecutor, table: Ordered, segment?: string): Promise<number> {
    let query = trx.selectFrom(table).select((eb) => eb.fn.max('position').as('max'));
    if (table === 'parameters') query = query.where('segment', '=', segment ?? SURVEY_SEGMENT);
    const row = await query.executeTakeFirst();
    return Number(row?.max ?? -1) + 1;
  }

  return {
    nextPosition,

    // Banners ------------------------------------------------------------------------------
    listBanners: (executor: DbExecutor = db) =>
      executor
        .selectFrom('banners')
        .select([
          'id',
          'title',
          'image',
          'position',
          'active',
          'active_from',
          'active_to',
          'version',
        ])
        .orderBy('position')
        .orderBy('id')
        .execute(),
    findBanner: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('banners')
        .select([
          'id',
          'title',
          'image',
          'position',
          'active',
          'active_from',
          'active_to',
          'version',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),
    async insertBanner(trx: DbExecutor, values: BannerValues): Promise<number> {
      const position = await nextPosition(trx, 'banners');
      const row = await trx
        .insertInto('banners')
        .values({ ...values, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updateBanner: (trx: DbExecutor, id: number, values: BannerValues) =>
      trx.updateTable('banners').set(values).where('id', '=', id).execute(),

    // Coupons ------------------------------------------------------------------------------
    /** Every branch (active or not) with its newest coupon row, the one the storefront reads. */
    async listCoupons(executor: DbExecutor = db) {
      const [branches, coupons] = await Promise.all([
        executor.selectFrom('branches').select(['id', 'title']).orderBy('id').execute(),
        executor
          .selectFrom('coupons')
          .select([
            'id',
            'branch_id',
            'title',
            'description',
            'main_image',
            'confirmation_image',
            'active',
            'version',
          ])
          .orderBy('id', 'desc')
          .execute(),
      ]);
      return branches.map((branch) => ({
        branch,
        coupon: coupons.find((c) => c.branch_id === branch.id),
      }));
    },
    findBranch: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', '=', id)
        .executeTakeFirst(),
    async insertCoupon(trx: DbExecutor, branchId: number, values: CouponValues): Promise<number> {
      const row = await trx
        .insertInto('coupons')
        .values({ ...values, branch_id: branchId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updateCoupon: (trx: DbExecutor, id: number, values: CouponValues) =>
      trx.updateTable('coupons').set(values).where('id', '=', id).execute(),

    // Payment types ------------------------------------------------------------------------
    listPaymentTypes: (executor: DbExecutor = db) =>
      executor
        .selectFrom('payment_types')
        .select(['id', 'description', 'position', 'active', 'version'])
        .orderBy('position')
        .orderBy('id')
        .execute(),
    findPaymentType: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('payment_types')
        .select(['id', 'description', 'position', 'active', 'version'])
        .where('id', '=', id)
        .executeTakeFirst(),
    async insertPaymentType(
      trx: DbExecutor,
      values: { description: string; active: number },
    ): Promise<number> {
      const position = await nextPosition(trx, 'payment_types');
      const row = await trx
        .insertInto('payment_types')
        .values({ ...values, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updatePaymentType: (
      trx: DbExecutor,
      id: number,
      values: { description: string; active: number },
    ) => trx.updateTable('payment_types').set(values).where('id', '=', id).execute(),
    async countActivePaymentTypes(trx: DbExecutor): Promise<number> {
      const row = await trx
        .selectFrom('payment_types')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('active', '=', 1)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    // Survey options -----------------------------------------------------------------------
    async listSurveyOptions(executor: DbExecutor = db) {
      const [options, counts] = await Promise.all([
        executor
          .selectFrom('parameters')
          .select(['id', 'description', 'position', 'active', 'version'])
          .where('segment', '=', SURVEY_SEGMENT)
          .orderBy('position')
          .orderBy('id')
          .execute(),
        executor
          .selectFrom('discount_signups')
          .select(['source_id', (eb) => eb.fn.countAll<string | number>().as('n')])
          .groupBy('source_id')
          .execute(),
      ]);
      return options.map((o) => ({
        ...o,
        signups: Number(counts.find((c) => c.source_id === o.id)?.n ?? 0),
      }));
    },
    findSurveyOption: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('parameters')
        .select(['id', 'description', 'position', 'active', 'version'])
        .where('id', '=', id)
        .where('segment', '=', SURVEY_SEGMENT)
        .executeTakeFirst(),
    async insertSurveyOption(
      trx: DbExecutor,
      values: { description: string; active: number },
    ): Promise<number> {
      const position = await nextPosition(trx, 'parameters', SURVEY_SEGMENT);
      const row = await trx
        .insertInto('parameters')
        .values({ ...values, segment: SURVEY_SEGMENT, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updateSurveyOption: (
      trx: DbExecutor,
      id: number,
      values: { description?: string; active: number },
    ) => trx.updateTable('parameters').set(values).where('id', '=', id).execute(),
    async signupsFor(trx: DbExecutor, optionId: number): Promise<number> {
      const row = await trx
        .selectFrom('discount_signups')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('source_id', '=', optionId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    deleteSurveyOption: (trx: DbExecutor, id: number) =>
      trx.deleteFrom('parameters').where('id', '=', id).execute(),

    // Social links -------------------------------------------------------------------------
    listSocialLinks: (executor: DbExecutor = db) =>
      executor
        .selectFrom('social_links')
        .select(['id', 'network', 'handle', 'value', 'active', 'version'])
        .orderBy('position')
        .execute(),
    /** A network's row; a missing one is made at the form's version, so the rows keep moving together. */
    async saveSocialLink(
      trx: DbExecutor,
      network: string,
      position: number,
      values: { handle: string; value: string; active: number; version: number },
    ) {
      const updated = await trx
        .updateTable('social_links')
        .set(values)
        .where('network', '=', network)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto('social_links')
          .values({ ...values, network, position })
          .execute();
    },
  };
}

export type AdminContentRepository = ReturnType<typeof createAdminContentRepository>;

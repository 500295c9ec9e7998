import { ADMIN_CONTENT_MESSAGES as M, type AdminBanner, type bannerBody } from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import { invalidField } from '../../lib/http-error';
import {
  findBanner,
  insertBanner,
  listBanners,
  promotionExists,
  updateBanner,
  type BannerRow,
} from './banners-repository';
import { createRow, reorderRows, updateRow, type ContentList } from './content-rows';
import { changes, flag } from './content-change';
import type { AdminContentDeps } from './types';

// The landing's banners: each with its days, in the carousel's order. Plain functions of the
// section's deps (decision 065).

type BannerInput = z.output<typeof bannerBody>;

const bannerOf = (row: BannerRow): AdminBanner => ({ ...row, active: row.active === 1 });

const BANNERS: ContentList<AdminBanner> = {
  entity: 'banner',
  list: { table: 'banners' },
  notFound: M.bannerNotFound,
  find: async (executor, id) => {
    const row = await findBanner(executor, id);
    return row ? bannerOf(row) : null;
  },
  all: async (executor) => (await listBanners(executor)).map(bannerOf),
};

/** A body's values; a promotion left out keeps the banner's (`before`), null takes it away. */
const valuesOf = (
  body: BannerInput,
  active: boolean,
  before?: Pick<AdminBanner, 'promotion_id'>,
) => ({
  title: body.title,
  image: body.image,
  active_from: body.active_from,
  active_to: body.active_to,
  active: flag(active),
  promotion_id:
    body.promotion_id === undefined ? (before?.promotion_id ?? null) : body.promotion_id,
});

/** A banner's promotion must exist when it is written (a deleted one later empties the link). */
async function checkPromotion(trx: DbExecutor, body: BannerInput) {
  const id = body.promotion_id ?? null;
  if (id !== null && !(await promotionExists(trx, id)))
    throw invalidField('promotion_id', M.bannerPromotion);
}

const LABELS = {
  title: 'título',
  image: 'imagen',
  active_from: 'desde',
  active_to: 'hasta',
  active: 'estado',
  promotion_id: 'promoción',
};

export const adminBanners = (db: DbExecutor) => BANNERS.all(db);

export const createBanner = (deps: AdminContentDeps, actor: AuditActor, body: BannerInput) =>
  createRow(
    deps,
    actor,
    BANNERS,
    async (trx) => {
      await checkPromotion(trx, body);
      return insertBanner(trx, valuesOf(body, body.active ?? true));
    },
    (created) => `Banner «${created.title}» creado`,
  );

export const editBanner = (
  deps: AdminContentDeps,
  actor: AuditActor,
  id: number,
  body: BannerInput,
) =>
  updateRow(
    deps,
    actor,
    BANNERS,
    { id, version: body.version },
    async (trx, before) => {
      await checkPromotion(trx, body);
      await updateBanner(trx, id, valuesOf(body, body.active ?? before.active, before));
    },
    (action, before, after) =>
      action === 'update'
        ? `Banner «${after.title}»: ${changes(LABELS, before, after)}`
        : `Banner «${after.title}» ${action === 'hide' ? 'oculto' : 'visible'}`,
  );

export const reorderBanners = (deps: AdminContentDeps, actor: AuditActor, ids: number[]) =>
  reorderRows(
    deps,
    actor,
    BANNERS,
    ids,
    (rows) => `Banners en orden: ${rows.map((b) => b.title).join(', ')}`,
  );

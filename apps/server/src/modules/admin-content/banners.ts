import { ADMIN_CONTENT_MESSAGES as M, type AdminBanner, type bannerBody } from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import {
  findBanner,
  insertBanner,
  listBanners,
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

const valuesOf = (body: BannerInput, active: boolean) => ({
  title: body.title,
  image: body.image,
  active_from: body.active_from,
  active_to: body.active_to,
  active: flag(active),
});

const LABELS = {
  title: 'título',
  image: 'imagen',
  active_from: 'desde',
  active_to: 'hasta',
  active: 'estado',
};

export const adminBanners = (db: DbExecutor) => BANNERS.all(db);

export const createBanner = (deps: AdminContentDeps, actor: AuditActor, body: BannerInput) =>
  createRow(
    deps,
    actor,
    BANNERS,
    (trx) => insertBanner(trx, valuesOf(body, body.active ?? true)),
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
      await updateBanner(trx, id, valuesOf(body, body.active ?? before.active));
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

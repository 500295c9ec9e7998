import { ADMIN_CONTENT_MESSAGES as M, type AdminBanner, type bannerBody } from '@comanda/shared';
import type { z } from 'zod';
import type { AuditActor } from '../audit/service';
import { createRow, reorderRows, updateRow, type ContentList } from './content-rows';
import { changes, flag, type AdminContentDeps } from './deps';
import type { AdminContentRepository } from './repository';

type BannerInput = z.output<typeof bannerBody>;
type BannerRow = NonNullable<Awaited<ReturnType<AdminContentRepository['findBanner']>>>;

const bannerOf = (row: BannerRow): AdminBanner => ({ ...row, active: row.active === 1 });

const bannersOf = (repository: AdminContentRepository): ContentList<AdminBanner> => ({
  entity: 'banner',
  list: { table: 'banners' },
  notFound: M.bannerNotFound,
  find: async (executor, id) => {
    const row = await repository.findBanner(executor, id);
    return row ? bannerOf(row) : null;
  },
  all: async (executor) => (await repository.listBanners(executor)).map(bannerOf),
});

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

/** The landing's banners: each with its days, in the carousel's order. */
export function createBannersService(deps: AdminContentDeps) {
  const { repository } = deps;
  const banners = bannersOf(repository);
  return {
    list: async () => (await repository.listBanners()).map(bannerOf),
    create: (actor: AuditActor, body: BannerInput) =>
      createRow(
        deps,
        actor,
        banners,
        (trx) => repository.insertBanner(trx, valuesOf(body, body.active ?? true)),
        (created) => `Banner «${created.title}» creado`,
      ),
    update: (actor: AuditActor, id: number, body: BannerInput) =>
      updateRow(
        deps,
        actor,
        banners,
        { id, version: body.version },
        async (trx, before) => {
          await repository.updateBanner(trx, id, valuesOf(body, body.active ?? before.active));
        },
        (action, before, after) =>
          action === 'update'
            ? `Banner «${after.title}»: ${changes(LABELS, before, after)}`
            : `Banner «${after.title}» ${action === 'hide' ? 'oculto' : 'visible'}`,
      ),
    reorder: (actor: AuditActor, ids: number[]) =>
      reorderRows(
        deps,
        actor,
        banners,
        ids,
        (rows) => `Banners en orden: ${rows.map((b) => b.title).join(', ')}`,
      ),
  };
}

import {
  ADMIN_CONTENT_MESSAGES as M,
  ADMIN_MESSAGES,
  type AdminBanner,
  type bannerBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../audit/service';
import {
  actionOf,
  CATALOG_CHANGED,
  changes,
  flag,
  rowVersion,
  withoutVersion,
  type AdminContentDeps,
} from './deps';
import type { AdminContentRepository } from './repository';

type BannerInput = z.output<typeof bannerBody>;
type BannerRow = NonNullable<Awaited<ReturnType<AdminContentRepository['findBanner']>>>;

const bannerOf = (row: BannerRow): AdminBanner => ({ ...row, active: row.active === 1 });

const findBanner = async (repository: AdminContentRepository, executor: DbExecutor, id: number) => {
  const row = await repository.findBanner(executor, id);
  return row ? bannerOf(row) : null;
};

const valuesOf = (body: BannerInput, active: boolean) => ({
  title: body.title,
  image: body.image,
  active_from: body.active_from,
  active_to: body.active_to,
  active: flag(active),
});

async function create(
  { repository, write }: AdminContentDeps,
  actor: AuditActor,
  body: BannerInput,
) {
  return write.write({
    actor,
    change: async (trx) => {
      const id = await repository.insertBanner(trx, valuesOf(body, body.active ?? true));
      const created = (await findBanner(repository, trx, id))!;
      const audit = {
        action: 'create' as const,
        entity: 'banner',
        entity_id: id,
        summary: `Banner «${created.title}» creado`,
        after: withoutVersion(created),
      };
      return { result: created, audit, publish: CATALOG_CHANGED };
    },
  });
}

async function update(deps: AdminContentDeps, actor: AuditActor, id: number, body: BannerInput) {
  const { repository, write } = deps;
  return write.write({
    actor,
    version: rowVersion(
      deps,
      'banners',
      id,
      body.version,
      () => findBanner(repository, write.reader, id),
      M.bannerNotFound,
    ),
    change: async (trx) => {
      const before = withoutVersion((await findBanner(repository, trx, id))!);
      await repository.updateBanner(trx, id, valuesOf(body, body.active ?? before.active));
      const saved = (await findBanner(repository, trx, id))!;
      const after = withoutVersion(saved);
      const action = actionOf(before, after);
      const labels = {
        title: 'título',
        image: 'imagen',
        active_from: 'desde',
        active_to: 'hasta',
        active: 'estado',
      };
      const summary =
        action === 'update'
          ? `Banner «${after.title}»: ${changes(labels, before, after)}`
          : `Banner «${after.title}» ${action === 'hide' ? 'oculto' : 'visible'}`;
      return {
        result: saved,
        audit: { action, entity: 'banner', entity_id: id, summary, before, after },
        publish: CATALOG_CHANGED,
      };
    },
  });
}

async function reorder({ repository, write }: AdminContentDeps, actor: AuditActor, ids: number[]) {
  return write.write({
    actor,
    change: async (trx) => {
      const before = (await repository.listBanners(trx)).map((b) => b.id);
      await write.reorder(trx, { table: 'banners' }, ids, ADMIN_MESSAGES.order);
      const rows = await repository.listBanners(trx);
      const summary = `Banners en orden: ${rows.map((b) => b.title).join(', ')}`;
      return {
        result: rows.map(bannerOf),
        audit: { action: 'reorder', entity: 'banner', summary, before, after: ids },
        publish: CATALOG_CHANGED,
      };
    },
  });
}

/** The landing's banners: each with its days, in the carousel's order. */
export function createBannersService(deps: AdminContentDeps) {
  return {
    list: async () => (await deps.repository.listBanners()).map(bannerOf),
    create: (actor: AuditActor, body: BannerInput) => create(deps, actor, body),
    update: (actor: AuditActor, id: number, body: BannerInput) => update(deps, actor, id, body),
    reorder: (actor: AuditActor, ids: number[]) => reorder(deps, actor, ids),
  };
}

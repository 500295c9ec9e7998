import {
  ADMIN_CONTENT_MESSAGES,
  ADMIN_MESSAGES,
  MESSAGES,
  SOCIAL_NETWORKS,
  type AdminBanner,
  type AdminCoupon,
  type AdminPaymentType,
  type AdminSocialLinks,
  type AdminSurveyOption,
  type AuditAction,
  type bannerBody,
  type couponBody,
  type paymentTypeBody,
  type socialLinksBody,
  type surveyOptionBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import { HttpError, notFound } from '../../lib/http-error';
import type { AuditActor, AuditChange } from '../audit/service';
import type { AdminContentRepository } from './repository';

type BannerInput = z.output<typeof bannerBody>;
type CouponInput = z.output<typeof couponBody>;
type PaymentTypeInput = z.output<typeof paymentTypeBody>;
type SurveyOptionInput = z.output<typeof surveyOptionBody>;
type SocialLinksInput = z.output<typeof socialLinksBody>;

export interface AdminContentDeps {
  repository: AdminContentRepository;
  record: (executor: DbExecutor, actor: AuditActor, change: AuditChange) => Promise<void>;
  /** Tells every node (and its storefronts) that what they show changed; after the commit. */
  published: () => Promise<void>;
}

const M = ADMIN_CONTENT_MESSAGES;
const flag = (value: boolean) => (value ? 1 : 0);
const fieldError = (field: string, message: string) => new HttpError(400, MESSAGES.invalidBody, { errors: { [field]: [message] } });

/** create, or — when only `active` moved — hide/show, else update. */
function actionOf(before: { active: boolean } & Record<string, unknown>, after: { active: boolean } & Record<string, unknown>): AuditAction {
  const others = Object.keys(after).filter((key) => key !== 'active' && before[key] !== after[key]);
  if (before.active !== after.active && others.length === 0) return after.active ? 'show' : 'hide';
  return 'update';
}

/** "título «A» → «B», imagen": what an edit changed, in the words of the screen. */
function changes(labels: Record<string, string>, before: Record<string, unknown>, after: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, label] of Object.entries(labels)) {
    if (before[key] === after[key]) continue;
    const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
    parts.push(key === 'active' ? (after[key] ? 'activo' : 'inactivo') : `${label} «${shown(before[key])}» → «${shown(after[key])}»`);
  }
  return parts.length > 0 ? parts.join(', ') : 'sin cambios';
}

const bannerOf = (row: { id: number; title: string; image: string; position: number; active: number; active_from: string | null; active_to: string | null }): AdminBanner => ({
  ...row,
  active: row.active === 1,
});

/** The back office's Contenido section: every write checked, recorded and announced. */
export function createAdminContentService({ repository, record, published }: AdminContentDeps) {
  /** Runs a change with its change-log row in one transaction, then tells the storefronts. */
  async function change<T>(work: (trx: DbExecutor) => Promise<T>): Promise<T> {
    const result = await repository.transaction(work);
    await published();
    return result;
  }

  async function checkOrder(trx: DbExecutor, table: 'banners' | 'payment_types' | 'parameters', ids: number[]) {
    const existing = await repository.idsOf(trx, table);
    const same = existing.length === ids.length && ids.every((id) => existing.includes(id));
    if (!same) throw fieldError('ids', ADMIN_MESSAGES.order);
  }

  const banners = {
    list: async () => (await repository.listBanners()).map(bannerOf),

    create: (actor: AuditActor, body: BannerInput) =>
      change(async (trx) => {
        const id = await repository.insertBanner(trx, { ...body, active: flag(body.active ?? true) });
        const created = bannerOf((await repository.findBanner(trx, id))!);
        await record(trx, actor, { action: 'create', entity: 'banner', entity_id: id, summary: `Banner «${created.title}» creado`, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: number, body: BannerInput) =>
      change(async (trx) => {
        const found = await repository.findBanner(trx, id);
        if (!found) throw notFound(M.bannerNotFound);
        const before = bannerOf(found);
        await repository.updateBanner(trx, id, { ...body, active: flag(body.active ?? before.active) });
        const after = bannerOf((await repository.findBanner(trx, id))!);
        const action = actionOf(before, after);
        const labels = { title: 'título', image: 'imagen', active_from: 'desde', active_to: 'hasta', active: 'estado' };
        const summary =
          action === 'update'
            ? `Banner «${after.title}»: ${changes(labels, before, after)}`
            : `Banner «${after.title}» ${action === 'hide' ? 'oculto' : 'visible'}`;
        await record(trx, actor, { action, entity: 'banner', entity_id: id, summary, before, after });
        return after;
      }),

    reorder: (actor: AuditActor, ids: number[]) =>
      change(async (trx) => {
        await checkOrder(trx, 'banners', ids);
        const before = (await repository.listBanners(trx)).map((b) => b.id);
        await repository.reorder(trx, 'banners', ids);
        const titles = (await repository.listBanners(trx)).map((b) => b.title);
        await record(trx, actor, { action: 'reorder', entity: 'banner', summary: `Banners en orden: ${titles.join(', ')}`, before, after: ids });
        return (await repository.listBanners(trx)).map(bannerOf);
      }),
  };

  const couponOf = (entry: Awaited<ReturnType<AdminContentRepository['listCoupons']>>[number]): AdminCoupon => ({
    branch_id: entry.branch.id,
    branch_title: entry.branch.title,
    coupon: entry.coupon ? { ...entry.coupon, active: entry.coupon.active === 1 } : null,
  });

  const coupons = {
    list: async () => (await repository.listCoupons()).map(couponOf),

    /** A branch has one coupon (the newest row, what the storefront reads): created or edited. */
    save: (actor: AuditActor, branchId: number, body: CouponInput) =>
      change(async (trx) => {
        const branch = await repository.findBranch(trx, branchId);
        if (!branch) throw notFound(MESSAGES.branchNotFound);
        const current = (await repository.listCoupons(trx)).find((entry) => entry.branch.id === branchId)?.coupon;
        const values = { ...body, active: flag(body.active ?? (current ? current.active === 1 : true)) };
        const id = current ? current.id : await repository.insertCoupon(trx, branchId, values);
        if (current) await repository.updateCoupon(trx, id, values);
        const saved = couponOf((await repository.listCoupons(trx)).find((entry) => entry.branch.id === branchId)!);
        const before = current ? { ...current, active: current.active === 1 } : null;
        const after = saved.coupon!;
        const action: AuditAction = before ? actionOf(before, after) : 'create';
        const labels = { title: 'título', description: 'descripción', main_image: 'imagen principal', confirmation_image: 'imagen de confirmación', active: 'estado' };
        const what =
          action === 'create' ? 'creado' : action === 'update' ? changes(labels, before!, after) : action === 'hide' ? 'desactivado' : 'activado';
        await record(trx, actor, {
          action,
          entity: 'coupon',
          entity_id: id,
          branch_id: branchId,
          summary: `Cupón de ${branch.title}: ${what}`,
          before,
          after,
        });
        return saved;
      }),
  };

  const paymentOf = (row: { id: number; description: string; position: number; active: number }): AdminPaymentType => ({
    ...row,
    active: row.active === 1,
  });

  const paymentTypes = {
    list: async () => (await repository.listPaymentTypes()).map(paymentOf),

    create: (actor: AuditActor, body: PaymentTypeInput) =>
      change(async (trx) => {
        const id = await repository.insertPaymentType(trx, { description: body.description, active: flag(body.active ?? true) });
        const created = paymentOf((await repository.findPaymentType(trx, id))!);
        await record(trx, actor, { action: 'create', entity: 'payment_type', entity_id: id, summary: `Método de pago «${created.description}» creado`, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: number, body: PaymentTypeInput) =>
      change(async (trx) => {
        const found = await repository.findPaymentType(trx, id);
        if (!found) throw notFound(M.paymentTypeNotFound);
        const before = paymentOf(found);
        await repository.updatePaymentType(trx, id, { description: body.description, active: flag(body.active ?? before.active) });
        // Checked after the write, inside the transaction: two admins disabling the last two at once
        // still leave one (PostgreSQL serializes the rows' updates; SQLite has one writer).
        if ((await repository.countActivePaymentTypes(trx)) === 0) throw fieldError('active', M.lastPaymentType);
        const after = paymentOf((await repository.findPaymentType(trx, id))!);
        const action = actionOf(before, after);
        const summary =
          action === 'update'
            ? `Método de pago «${before.description}»: ${changes({ description: 'nombre', active: 'estado' }, before, after)}`
            : `Método de pago «${after.description}» ${action === 'hide' ? 'desactivado' : 'activado'}`;
        await record(trx, actor, { action, entity: 'payment_type', entity_id: id, summary, before, after });
        return after;
      }),

    reorder: (actor: AuditActor, ids: number[]) =>
      change(async (trx) => {
        await checkOrder(trx, 'payment_types', ids);
        const before = (await repository.listPaymentTypes(trx)).map((p) => p.id);
        await repository.reorder(trx, 'payment_types', ids);
        const rows = await repository.listPaymentTypes(trx);
        await record(trx, actor, {
          action: 'reorder',
          entity: 'payment_type',
          summary: `Métodos de pago en orden: ${rows.map((p) => p.description).join(', ')}`,
          before,
          after: ids,
        });
        return rows.map(paymentOf);
      }),
  };

  const surveyOf = (row: { id: number; description: string; position: number; active: number; signups: number }): AdminSurveyOption => ({
    ...row,
    active: row.active === 1,
  });
  const findSurvey = async (trx: DbExecutor, id: number) => {
    const found = await repository.findSurveyOption(trx, id);
    if (!found) throw notFound(M.surveyOptionNotFound);
    return surveyOf({ ...found, signups: await repository.signupsFor(trx, id) });
  };

  const surveyOptions = {
    list: async () => (await repository.listSurveyOptions()).map(surveyOf),

    create: (actor: AuditActor, body: SurveyOptionInput) =>
      change(async (trx) => {
        const id = await repository.insertSurveyOption(trx, { description: body.description, active: flag(body.active ?? true) });
        const created = await findSurvey(trx, id);
        await record(trx, actor, { action: 'create', entity: 'survey_option', entity_id: id, summary: `Opción de la encuesta «${created.description}» creada`, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: number, body: SurveyOptionInput) =>
      change(async (trx) => {
        const before = await findSurvey(trx, id);
        await repository.updateSurveyOption(trx, id, { description: body.description, active: flag(body.active ?? before.active) });
        const after = await findSurvey(trx, id);
        const action = actionOf(before, after);
        const summary =
          action === 'update'
            ? `Opción de la encuesta «${before.description}»: ${changes({ description: 'texto', active: 'estado' }, before, after)}`
            : `Opción de la encuesta «${after.description}» ${action === 'hide' ? 'oculta' : 'visible'}`;
        await record(trx, actor, { action, entity: 'survey_option', entity_id: id, summary, before, after });
        return after;
      }),

    reorder: (actor: AuditActor, ids: number[]) =>
      change(async (trx) => {
        await checkOrder(trx, 'parameters', ids);
        const before = (await repository.listSurveyOptions(trx)).map((o) => o.id);
        await repository.reorder(trx, 'parameters', ids);
        const rows = await repository.listSurveyOptions(trx);
        await record(trx, actor, {
          action: 'reorder',
          entity: 'survey_option',
          summary: `Encuesta en orden: ${rows.map((o) => o.description).join(', ')}`,
          before,
          after: ids,
        });
        return rows.map(surveyOf);
      }),

    /** Deleted when no signup chose it; otherwise hidden, so those signups keep their answer. */
    remove: (actor: AuditActor, id: number) =>
      change(async (trx) => {
        const before = await findSurvey(trx, id);
        if (before.signups === 0) {
          await repository.deleteSurveyOption(trx, id);
          await record(trx, actor, { action: 'delete', entity: 'survey_option', entity_id: id, summary: `Opción de la encuesta «${before.description}» eliminada`, before });
          return { id, outcome: 'deleted' as const };
        }
        await repository.updateSurveyOption(trx, id, { active: 0 });
        await record(trx, actor, {
          action: 'hide',
          entity: 'survey_option',
          entity_id: id,
          summary: `Opción de la encuesta «${before.description}» oculta (la eligieron ${before.signups} inscripciones)`,
          before,
          after: { ...before, active: false },
        });
        return { id, outcome: 'hidden' as const };
      }),
  };

  async function readSocialLinks(executor?: DbExecutor): Promise<AdminSocialLinks> {
    const rows = await repository.listSocialLinks(executor);
    const of = (network: string) => rows.find((row) => row.network === network);
    const link = (network: 'instagram' | 'facebook') => {
      const row = of(network);
      return { handle: row?.handle ?? '', url: row?.value ?? '', active: row?.active === 1 };
    };
    const whatsapp = of('whatsapp');
    return {
      instagram: link('instagram'),
      facebook: link('facebook'),
      whatsapp: { handle: whatsapp?.handle ?? '', number: whatsapp?.value ?? '', active: whatsapp?.active === 1 },
    };
  }

  const socialLinks = {
    get: () => readSocialLinks(),

    save: (actor: AuditActor, body: SocialLinksInput) =>
      change(async (trx) => {
        const before = await readSocialLinks(trx);
        for (const [index, network] of SOCIAL_NETWORKS.entries()) {
          const account = body[network];
          const value = 'number' in account ? account.number : account.url;
          await repository.saveSocialLink(trx, network, index + 1, { handle: account.handle, value, active: flag(account.active) });
        }
        const after = await readSocialLinks(trx);
        const names = { instagram: 'Instagram', facebook: 'Facebook', whatsapp: 'WhatsApp' } as const;
        const parts = SOCIAL_NETWORKS.flatMap((network) => {
          const was = before[network] as Record<string, unknown>;
          const now = after[network] as Record<string, unknown>;
          // Names of what changed, values only for the number: URLs would fill the line.
          const fields = (['handle', 'url', 'number', 'active'] as const).filter((key) => key in now && was[key] !== now[key]);
          const what = fields
            .map((key) =>
              key === 'handle' ? 'texto' : key === 'url' ? 'enlace' : key === 'number' ? `número ${String(was[key])} → ${String(now[key])}` : now[key] ? 'visible' : 'oculto',
            )
            .join(', ') || 'sin cambios';
          return what === 'sin cambios' ? [] : [`${names[network]}: ${what}`];
        });
        await record(trx, actor, {
          action: 'update',
          entity: 'social_link',
          summary: `Redes sociales: ${parts.length > 0 ? parts.join('; ') : 'sin cambios'}`,
          before,
          after,
        });
        return after;
      }),
  };

  return { banners, coupons, paymentTypes, surveyOptions, socialLinks };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;

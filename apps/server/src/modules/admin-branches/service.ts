import {
  ADMIN_BRANCH_MESSAGES,
  ADMIN_MESSAGES,
  MESSAGES,
  WEEKDAY_LABELS,
  ZONE_MINUTES_DEFAULT,
  foldText,
  formatMoney,
  type AdminBranch,
  type AdminBranchBody,
  type BranchExceptionsBody,
  type BranchHoursBody,
  type BranchZonesBody,
  type StoredDeliveryZone,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { exceptionFromRow } from '../../lib/branch-exceptions';
import { HttpError, notFound } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { AuditActor, AuditChange, AuditService } from '../audit/service';
import type { CatalogChange } from '../../plugins/catalog-events';
import type { AdminBranchesRepository, BranchFields } from './repository';

type Row = NonNullable<Awaited<ReturnType<AdminBranchesRepository['find']>>>;

function toAnswer(row: Row): AdminBranch {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    address: row.address,
    phone: row.phone,
    city: row.city,
    pickup_available: row.pickup_available === 1,
    delivery_available: row.delivery_available === 1,
    prep_minutes: row.prep_minutes,
    hidden: row.active !== 1,
    position: row.position,
    hours: row.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
    exceptions: row.exceptions.map(exceptionFromRow).map((e) => ({ date: e.date, closed: e.closed, ranges: [...e.ranges] })),
    zones: row.zones.map(({ neighbourhood, fee, min_order, delivery_minutes }) => ({ neighbourhood, fee, min_order, delivery_minutes })),
  };
}

/** "la-campina" from "La Campiña"; a number is added when taken. */
function slugFrom(title: string): string {
  const slug = foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70);
  return slug || 'sede';
}

const FIELD_LABELS: Record<keyof BranchFields, string> = {
  title: 'nombre',
  address: 'dirección',
  phone: 'teléfono',
  city: 'ciudad',
  pickup_available: 'recogida',
  delivery_available: 'domicilio',
  prep_minutes: 'preparación',
};

const fieldsOf = (body: AdminBranchBody): BranchFields => ({
  title: body.title,
  address: body.address,
  phone: body.phone,
  city: body.city,
  pickup_available: body.pickup_available ? 1 : 0,
  delivery_available: body.delivery_available ? 1 : 0,
  prep_minutes: body.prep_minutes,
});

const rangesText = (ranges: readonly { opens: string; closes: string }[]) => ranges.map((r) => `${r.opens}–${r.closes}`).join(', ');

/**
 * "Sedes" in the back office: every write validated by the shared schemas (in the route), made
 * in one transaction with its change-log row, then published so every node's storefront answers
 * and placement checks change at once.
 */
export function createAdminBranchesService(options: {
  /** Runs `work` in one database transaction (the plugin gives the app's). */
  transaction: (work: (trx: DbExecutor) => Promise<void>) => Promise<void>;
  repository: AdminBranchesRepository;
  audit: AuditService;
  publish: (change: CatalogChange) => Promise<void>;
}) {
  const { transaction, repository, audit, publish } = options;

  async function existing(id: number): Promise<Row> {
    const row = await repository.find(id);
    if (!row) throw notFound(ADMIN_BRANCH_MESSAGES.notFound);
    return row;
  }

  async function answer(id: number): Promise<{ results: AdminBranch }> {
    return { results: toAnswer(await existing(id)) };
  }

  /** Runs `write` and its log row in one transaction, then tells every node. */
  async function change(actor: AuditActor, entry: AuditChange, published: CatalogChange, write: (trx: DbExecutor) => Promise<void>) {
    await transaction(async (trx) => {
      await write(trx);
      await audit.record(trx, actor, entry);
    });
    await publish(published);
  }

  async function freeSlug(title: string): Promise<string> {
    const base = slugFrom(title);
    for (let n = 1; n < 100; n += 1) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repository.slugTaken(slug))) return slug;
    }
    return `${base}-${Date.now()}`;
  }

  return {
    /** Every branch, hidden ones too; `q` matches title, address or city, accents and case aside. */
    async list(q?: string): Promise<{ results: AdminBranch[] }> {
      const wanted = q ? foldText(q) : '';
      const rows = await repository.list();
      const found = wanted ? rows.filter((r) => [r.title, r.address, r.city].some((text) => foldText(text).includes(wanted))) : rows;
      return { results: found.map(toAnswer) };
    },

    get: answer,

    async create(actor: AuditActor, body: AdminBranchBody) {
      const fields = fieldsOf(body);
      let id = 0;
      // Two admins creating the same name at once: the slug's unique key decides, the loser retries.
      for (let attempt = 0; ; attempt += 1) {
        const slug = await freeSlug(body.title);
        try {
          await transaction(async (trx) => {
            id = await repository.insert(trx, slug, fields);
            await audit.record(trx, actor, {
              action: 'create',
              entity: 'branch',
              entity_id: id,
              branch_id: id,
              summary: `Nueva sede: ${body.title}`,
              after: { slug, ...body },
            });
          });
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 2) throw error;
        }
      }
      await publish({ type: 'catalog' });
      return answer(id);
    },

    async update(actor: AuditActor, id: number, body: AdminBranchBody) {
      const row = await existing(id);
      const fields = fieldsOf(body);
      const changed = (Object.keys(fields) as (keyof BranchFields)[]).filter((key) => fields[key] !== row[key]);
      if (changed.length === 0) return answer(id);
      const before = Object.fromEntries(changed.map((key) => [key, row[key]]));
      const after = Object.fromEntries(changed.map((key) => [key, fields[key]]));
      await change(
        actor,
        { action: 'update', entity: 'branch', entity_id: id, branch_id: id, summary: `${body.title}: ${changed.map((k) => FIELD_LABELS[k]).join(', ')}`, before, after },
        // The title and the services also show in the storefront's menu answers' branch picker.
        { type: 'catalog' },
        (trx) => repository.update(trx, id, fields),
      );
      return answer(id);
    },

    async setHidden(actor: AuditActor, id: number, hidden: boolean) {
      const row = await existing(id);
      if ((row.active !== 1) === hidden) return answer(id);
      await change(
        actor,
        {
          action: hidden ? 'hide' : 'show',
          entity: 'branch',
          entity_id: id,
          branch_id: id,
          summary: hidden ? `${row.title}: oculta en la tienda` : `${row.title}: visible en la tienda`,
        },
        // Its menu answers disappear (or come back) too, not only the branch list.
        { type: 'catalog' },
        (trx) => repository.update(trx, id, { active: hidden ? 0 : 1 }),
      );
      return answer(id);
    },

    async reorder(actor: AuditActor, ids: number[]) {
      const all = await repository.allIds();
      if (ids.length !== all.length || !all.every((id) => ids.includes(id))) {
        throw new HttpError(400, MESSAGES.invalidBody, { errors: { ids: [ADMIN_MESSAGES.order] } });
      }
      const rows = await repository.list();
      const titles = new Map(rows.map((r) => [r.id, r.title]));
      await change(
        actor,
        {
          action: 'reorder',
          entity: 'branch',
          summary: `Orden de las sedes: ${ids.map((id) => titles.get(id) ?? id).join(', ')}`,
          before: rows.map((r) => r.id),
          after: ids,
        },
        { type: 'catalog' },
        (trx) => repository.reorder(trx, ids),
      );
      return this.list();
    },

    async replaceHours(actor: AuditActor, id: number, body: BranchHoursBody) {
      const row = await existing(id);
      const week = (hours: readonly { weekday: number; opens: string; closes: string }[]) =>
        WEEKDAY_LABELS.map((label, weekday) => {
          const ranges = hours.filter((h) => h.weekday === weekday);
          return `${label} ${ranges.length > 0 ? rangesText(ranges) : 'cerrado'}`;
        }).join('; ');
      await change(
        actor,
        {
          action: 'update',
          entity: 'branch',
          entity_id: id,
          branch_id: id,
          summary: `${row.title}: horario semanal (${week(body.hours)})`,
          before: row.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
          after: body.hours,
        },
        { type: 'branch', branch_id: id },
        (trx) => repository.replaceHours(trx, id, body.hours),
      );
      return answer(id);
    },

    async replaceExceptions(actor: AuditActor, id: number, body: BranchExceptionsBody) {
      const row = await existing(id);
      const listed = body.exceptions.map((e) => `${e.date} ${e.closed ? 'cerrada' : rangesText(e.ranges)}`).join('; ');
      await change(
        actor,
        {
          action: 'update',
          entity: 'branch',
          entity_id: id,
          branch_id: id,
          summary: `${row.title}: excepciones de horario (${listed || 'ninguna'})`,
          before: toAnswer(row).exceptions,
          after: body.exceptions,
        },
        { type: 'branch', branch_id: id },
        (trx) => repository.replaceExceptions(trx, id, body.exceptions),
      );
      return answer(id);
    },

    async replaceZones(actor: AuditActor, id: number, body: BranchZonesBody) {
      const row = await existing(id);
      // A zone sent without its minutes (an editor that does not show them) keeps the ones it had.
      const minutesBefore = new Map(row.zones.map((z) => [foldText(z.neighbourhood), z.delivery_minutes]));
      const zones: StoredDeliveryZone[] = body.zones.map((z) => ({
        neighbourhood: z.neighbourhood,
        fee: z.fee,
        min_order: z.min_order,
        delivery_minutes: z.delivery_minutes ?? minutesBefore.get(foldText(z.neighbourhood)) ?? ZONE_MINUTES_DEFAULT,
      }));
      const listed = zones
        .map((z) => `${z.neighbourhood} ${formatMoney(z.fee)} / mín. ${formatMoney(z.min_order)} / ${z.delivery_minutes} min`)
        .join('; ');
      await change(
        actor,
        {
          action: 'update',
          entity: 'branch',
          entity_id: id,
          branch_id: id,
          summary: `${row.title}: zonas de domicilio (${listed || 'ninguna'})`,
          before: toAnswer(row).zones,
          after: zones,
        },
        { type: 'branch', branch_id: id },
        (trx) => repository.replaceZones(trx, id, zones),
      );
      return answer(id);
    },
  };
}

export type AdminBranchesService = ReturnType<typeof createAdminBranchesService>;

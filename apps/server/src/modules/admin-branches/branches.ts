// A branch's own data: created, edited, hidden or shown, and the list's order.
import { ADMIN_MESSAGES, foldText, type AdminBranch, type AdminBranchBody } from '@comanda/shared';
import { insertUnderFreeSlug, slugify } from '../../lib/slug';
import type { AuditActor } from '../audit/service';
import { branchAnswer, branchVersion, lockedBranch, toAnswer } from './branch-change';
import { insertBranch, loadBranches, setBranchFields, slugsLike } from './branches-repository';
import type { AdminBranchesDeps, BranchFields } from './types';

/** The title and the services also show in the storefront's menu answers' branch picker. */
const CATALOG_CHANGED = [{ type: 'catalog' }] as const;

/** The longest base of a branch's slug: its column holds 80, with room for a "-NN" suffix. */
const BRANCH_SLUG_BASE_MAX = 70;

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

/** Every branch, hidden ones too; `q` matches title, address or city, accents and case aside. */
export async function listBranches(
  { write }: AdminBranchesDeps,
  q?: string,
): Promise<{ results: AdminBranch[] }> {
  const wanted = q ? foldText(q) : '';
  const rows = await loadBranches(write.reader);
  const found = wanted
    ? rows.filter((r) =>
        [r.title, r.address, r.city].some((text) => foldText(text).includes(wanted)),
      )
    : rows;
  return { results: found.map(toAnswer) };
}

export async function createBranch(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  body: AdminBranchBody,
) {
  const fields = fieldsOf(body);
  const id = await deps.write.write({
    actor,
    change: async (trx) => {
      // "la-campina" from "La Campiña"; two admins creating the same name at once get -2 and so on.
      const base = slugify(body.title, 'sede', BRANCH_SLUG_BASE_MAX);
      const { id, slug } = await insertUnderFreeSlug(base, await slugsLike(trx, base), (slug) =>
        insertBranch(trx, slug, fields),
      );
      const { version: _version, ...after } = body;
      const audit = {
        action: 'create' as const,
        entity: 'branch',
        entity_id: id,
        branch_id: id,
        summary: `Nueva sede: ${body.title}`,
        after: { slug, ...after },
      };
      return { result: id, audit, publish: CATALOG_CHANGED };
    },
  });
  return branchAnswer(deps, id);
}

export async function updateBranch(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  body: AdminBranchBody,
) {
  await deps.write.write({
    actor,
    version: branchVersion(deps, id, body.version),
    change: async (trx) => {
      const row = await lockedBranch(trx, id);
      const fields = fieldsOf(body);
      const changed = (Object.keys(fields) as (keyof BranchFields)[]).filter(
        (key) => fields[key] !== row[key],
      );
      if (changed.length === 0) return { result: undefined, audit: null };
      await setBranchFields(trx, id, fields);
      const before = Object.fromEntries(changed.map((key) => [key, row[key]]));
      const after = Object.fromEntries(changed.map((key) => [key, fields[key]]));
      const summary = `${body.title}: ${changed.map((k) => FIELD_LABELS[k]).join(', ')}`;
      return {
        result: undefined,
        audit: {
          action: 'update',
          entity: 'branch',
          entity_id: id,
          branch_id: id,
          summary,
          before,
          after,
        },
        publish: CATALOG_CHANGED,
      };
    },
  });
  return branchAnswer(deps, id);
}

export async function setBranchHidden(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  body: { hidden: boolean; version?: number | undefined },
) {
  const { hidden } = body;
  await deps.write.write({
    actor,
    version: branchVersion(deps, id, body.version),
    change: async (trx) => {
      const row = await lockedBranch(trx, id);
      if ((row.active !== 1) === hidden) return { result: undefined, audit: null };
      await setBranchFields(trx, id, { active: hidden ? 0 : 1 });
      const summary = hidden
        ? `${row.title}: oculta en la tienda`
        : `${row.title}: visible en la tienda`;
      // Its menu answers disappear (or come back) too, not only the branch list.
      return {
        result: undefined,
        audit: {
          action: hidden ? 'hide' : 'show',
          entity: 'branch',
          entity_id: id,
          branch_id: id,
          summary,
        },
        publish: CATALOG_CHANGED,
      };
    },
  });
  return branchAnswer(deps, id);
}

export async function reorderBranches(deps: AdminBranchesDeps, actor: AuditActor, ids: number[]) {
  await deps.write.write({
    actor,
    change: async (trx) => {
      const rows = await loadBranches(trx);
      await deps.write.reorder(trx, { table: 'branches' }, ids, ADMIN_MESSAGES.order);
      const titles = new Map(rows.map((r) => [r.id, r.title]));
      const summary = `Orden de las sedes: ${ids.map((id) => titles.get(id) ?? id).join(', ')}`;
      return {
        result: undefined,
        audit: {
          action: 'reorder',
          entity: 'branch',
          summary,
          before: rows.map((r) => r.id),
          after: ids,
        },
        publish: CATALOG_CHANGED,
      };
    },
  });
  return listBranches(deps);
}

import {
  ADMIN_MENU_MESSAGES,
  describeDayparts,
  formatMoney,
  type AdminGroupInput,
  type AdminProduct,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { invalidField } from '../../lib/http-error';
import {
  allGroupIds,
  hideGroupsExcept,
  insertGroup,
  insertOption,
  modifierId,
  updateGroup,
  updateOption,
} from './product-groups-repository';

/** Refuses group or option ids the product never had, or named twice. */
async function checkGroupIds(trx: DbExecutor, productId: number, groups: AdminGroupInput[]) {
  const known = await allGroupIds(trx, productId);
  const knownGroups = new Set(known.groups);
  const knownOptions = new Set(known.options.map((o) => o.id));
  // Group ids and option ids are counted apart: they come from different tables and may be equal.
  const namedGroups = groups.map((g) => g.id).filter((id) => id !== undefined);
  const namedOptions = groups
    .flatMap((g) => g.modifiers_product.map((o) => o.id))
    .filter((id) => id !== undefined);
  const unknown =
    new Set(namedGroups).size !== namedGroups.length ||
    new Set(namedOptions).size !== namedOptions.length ||
    namedGroups.some((id) => !knownGroups.has(id)) ||
    namedOptions.some((id) => !knownOptions.has(id));
  if (unknown) throw invalidField('modifier_group', ADMIN_MENU_MESSAGES.unknownGroup);
}

async function saveOptions(
  trx: DbExecutor,
  groupId: number,
  group: AdminGroupInput,
): Promise<number[]> {
  const kept: number[] = [];
  for (const [position, option] of group.modifiers_product.entries()) {
    const values = {
      group_id: groupId,
      modifier_id: await modifierId(trx, option.title),
      title: option.title,
      price: option.price,
      position,
    };
    if (option.id === undefined) kept.push(await insertOption(trx, values));
    else {
      kept.push(option.id);
      await updateOption(trx, option.id, values);
    }
  }
  return kept;
}

/**
 * Writes the editor's groups: named ids are updated (and shown again), new ones inserted, and
 * whatever the product had that the list leaves out is hidden, never deleted (decision 020).
 */
export async function saveGroups(trx: DbExecutor, productId: number, groups: AdminGroupInput[]) {
  await checkGroupIds(trx, productId, groups);
  const keptGroups: number[] = [];
  const keptOptions: number[] = [];
  for (const [position, group] of groups.entries()) {
    const multiple = group.type_input === 2;
    const row = {
      title: group.title,
      required: group.required ? 1 : 0,
      type_input: group.type_input,
      // A single choice always allows exactly one: limits there would only confuse.
      min_choices: multiple ? (group.min ?? null) : null,
      max_choices: multiple ? (group.max ?? null) : null,
      position,
    };
    const groupId = group.id ?? (await insertGroup(trx, { product_id: productId, ...row }));
    if (group.id !== undefined) await updateGroup(trx, groupId, row);
    keptGroups.push(groupId);
    keptOptions.push(...(await saveOptions(trx, groupId, group)));
  }
  await hideGroupsExcept(trx, productId, keptGroups, keptOptions);
}

/** The fields the change log keeps of a product: what an admin would want to compare. */
export const productRecord = (p: AdminProduct) => ({
  title: p.title,
  category_id: p.category_id,
  price: p.price,
  description: p.description,
  description_eco: p.description_eco,
  image: p.image,
  groups: p.modifier_group.map((g) => ({
    title: g.title,
    required: g.required,
    type_input: g.type_input,
    min: g.min,
    max: g.max,
    options: g.modifiers_product.map((o) => `${o.title} ${formatMoney(o.price)}`),
  })),
  dayparts: p.dayparts,
  allergens: p.allergens,
  tags: p.tags,
});

/** "Perro: precio $18.000 → $19.500, foto": what a save changed, for the change log. */
export function productChanges(before: AdminProduct, after: AdminProduct): string {
  const parts: string[] = [];
  if (before.title !== after.title) parts.push(`nombre «${before.title}» → «${after.title}»`);
  if (before.price !== after.price)
    parts.push(`precio ${formatMoney(before.price)} → ${formatMoney(after.price)}`);
  if (before.category_id !== after.category_id)
    parts.push(`categoría ${before.category_title} → ${after.category_title}`);
  if (before.description !== after.description || before.description_eco !== after.description_eco)
    parts.push('descripción');
  if (before.image !== after.image) parts.push('foto');
  if (JSON.stringify(productRecord(before).groups) !== JSON.stringify(productRecord(after).groups))
    parts.push('opciones');
  if (JSON.stringify(before.dayparts) !== JSON.stringify(after.dayparts))
    parts.push(`horario de venta ${describeDayparts(after.dayparts)}`);
  if (before.allergens.join() !== after.allergens.join()) parts.push('alérgenos');
  if (before.tags.join() !== after.tags.join()) parts.push('etiquetas');
  return `${after.title}: ${parts.length > 0 ? parts.join(', ') : 'sin cambios'}`;
}

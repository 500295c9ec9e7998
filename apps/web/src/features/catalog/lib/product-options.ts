import {
  allowedPreset,
  choiceLimits,
  choiceProblem,
  formatMoney,
  setsBasePrice,
  tapOption,
  type ModifierGroup,
  type ModifierOption,
  type OptionGroupRule,
} from '@comanda/shared';

/**
 * The customer's choices on the product page, kept apart from the product itself: group id →
 * chosen option ids. A refetch (new prices, a favourite toggled) then never loses the choices.
 */
export type Selection = Readonly<Record<number, readonly number[]>>;

/** Start from what the API marks as selected (a default), cut down to what each group allows. */
export function initialSelection(groups: readonly ModifierGroup[]): Selection {
  const selection: Record<number, readonly number[]> = {};
  for (const group of groups) {
    const chosen = group.modifiers_product
      .filter((option) => option.selected && !option.sold_out)
      .map((option) => option.id);
    selection[group.id] = allowedPreset(group, chosen);
  }
  return selection;
}

/**
 * The customer tapped an option: the shared option rule says what that does (a single choice
 * replaces, an optional one clears on a second tap, a multiple choice toggles up to its maximum).
 * Options that do not belong to the group, or are sold out at the branch (decision 050), change
 * nothing.
 */
export function choose(selection: Selection, group: ModifierGroup, optionId: number): Selection {
  if (!group.modifiers_product.some((option) => option.id === optionId && !option.sold_out))
    return selection;
  const current = selection[group.id] ?? [];
  const next = tapOption(group, current, optionId);
  return next === current ? selection : { ...selection, [group.id]: next };
}

/** The product's groups with each option's `selected` flag set from the selection (product.md «Entities» cart shape). */
export function applySelection(
  groups: readonly ModifierGroup[],
  selection: Selection,
): ModifierGroup[] {
  return groups.map((group) => {
    const chosen = selection[group.id] ?? [];
    return {
      ...group,
      modifiers_product: group.modifiers_product.map((option) => ({
        ...option,
        selected: chosen.includes(option.id),
      })),
    };
  });
}

/** How many options the group has chosen, from each option's `selected` flag. */
const chosenCount = (group: ModifierGroup): number =>
  group.modifiers_product.filter((option) => option.selected).length;

/**
 * Groups whose choices the shared option rule refuses (a required group with nothing chosen,
 * fewer than its minimum): "Agregar" stays disabled while there is any.
 */
export function missingRequiredGroups(groups: readonly ModifierGroup[]): ModifierGroup[] {
  return groups.filter((group) => choiceProblem(group, chosenCount(group)) !== null);
}

/** What the group still asks for: "Elige una opción", or "Elige al menos 2 opciones" with a minimum. */
export function groupHint(group: OptionGroupRule): string {
  const { min } = choiceLimits(group);
  return min > 1 ? `Elige al menos ${min} opciones` : 'Elige una opción';
}

/**
 * "Elige una opción en Tamaño", naming every group still missing; a group with a minimum above
 * one gets its own sentence ("Elige al menos 2 opciones en Salsas"). Null when nothing is missing.
 */
export function missingGroupsMessage(
  missing: readonly (Pick<ModifierGroup, 'title'> & OptionGroupRule)[],
): string | null {
  const titles = missing
    .filter((group) => choiceLimits(group).min <= 1)
    .map((group) => group.title);
  const sentences = missing
    .filter((group) => choiceLimits(group).min > 1)
    .map((group) => `${groupHint(group)} en ${group.title}`);
  if (titles.length > 0) {
    const last = titles.at(-1);
    const list = titles.length === 1 ? last : `${titles.slice(0, -1).join(', en ')} y en ${last}`;
    sentences.unshift(`Elige una opción en ${list}`);
  }
  return sentences.length > 0 ? sentences.join('. ') : null;
}

/**
 * The price shown beside an option, as the shared pricing reads it. A priced option of a size
 * (required single choice) replaces the product's price ("$42.900"); any other adds to it
 * ("+$3.500"); free options show nothing.
 */
export function optionPriceLabel(
  group: Pick<ModifierGroup, 'required' | 'type_input'>,
  option: Pick<ModifierOption, 'price'>,
): string {
  if (option.price <= 0) return '';
  return setsBasePrice(group) ? formatMoney(option.price) : `+${formatMoney(option.price)}`;
}

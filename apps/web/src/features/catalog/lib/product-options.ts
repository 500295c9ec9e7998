import {
  formatMoney,
  type ModifierGroup,
  type ModifierOption,
} from '@comanda/shared';

/**
 * The customer's choices on the product page, kept apart from the product itself: group id →
 * chosen option ids. A refetch (new prices, a favourite toggled) then never loses the choices.
 */
export type Selection = Readonly<Record<number, readonly number[]>>;

/** Spec §4: required groups are a single choice (dot); optional groups toggle freely (square). */
export const isSingleChoice = (group: Pick<ModifierGroup, 'required'>): boolean => group.required;

/** Start from what the API marks as selected (a default), one option at most in a single-choice group. */
export function initialSelection(groups: readonly ModifierGroup[]): Selection {
  const selection: Record<number, number[]> = {};
  for (const group of groups) {
    const chosen = group.modifiers_product
      .filter((option) => option.selected)
      .map((option) => option.id);
    selection[group.id] = isSingleChoice(group) ? chosen.slice(0, 1) : chosen;
  }
  return selection;
}

/**
 * Spec §4: choosing an option in a required group deselects the others; optional groups toggle
 * each option independently. Options that do not belong to the group change nothing.
 */
export function choose(
  selection: Selection,
  group: ModifierGroup,
  optionId: number,
  checked: boolean,
): Selection {
  if (!group.modifiers_product.some((option) => option.id === optionId)) return selection;
  const current = selection[group.id] ?? [];
  let next: readonly number[];
  if (isSingleChoice(group)) {
    // A radio cannot be unticked by the customer; `checked: false` leaves the choice alone.
    if (!checked) return selection;
    next = [optionId];
  } else {
    next = checked
      ? current.includes(optionId)
        ? current
        : [...current, optionId]
      : current.filter((id) => id !== optionId);
  }
  return { ...selection, [group.id]: next };
}

/** The product's groups with each option's `selected` flag set from the selection (spec §3 cart shape). */
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

/** Required groups with nothing chosen: "Agregar" stays disabled while there is any. */
export function missingRequiredGroups(groups: readonly ModifierGroup[]): ModifierGroup[] {
  return groups.filter(
    (group) => group.required && !group.modifiers_product.some((option) => option.selected),
  );
}

/** "Elige una opción en Tamaño", naming every group still missing; null when nothing is. */
export function missingGroupsMessage(
  missing: readonly Pick<ModifierGroup, 'title'>[],
): string | null {
  const titles = missing.map((group) => group.title);
  if (titles.length === 0) return null;
  const last = titles.at(-1);
  const list = titles.length === 1 ? last : `${titles.slice(0, -1).join(', en ')} y en ${last}`;
  return `Elige una opción en ${list}`;
}

/**
 * The price shown beside an option. A priced option of a required group replaces the product's
 * price (a size: "$42.900"); an optional one adds to it ("+$3.500"); free options show nothing.
 */
export function optionPriceLabel(
  group: Pick<ModifierGroup, 'required'>,
  option: Pick<ModifierOption, 'price'>,
): string {
  if (option.price <= 0) return '';
  return group.required ? formatMoney(option.price) : `+${formatMoney(option.price)}`;
}

/** True when a required group has priced options: the product's price is then a "from" price. */
export function hasPricedChoice(groups: readonly ModifierGroup[]): boolean {
  return groups.some(
    (group) => group.required && group.modifiers_product.some((option) => option.price > 0),
  );
}

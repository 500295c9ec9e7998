import { isSingleChoice } from './option-kind';

export { isSingleChoice };

/**
 * The one rule of option groups: how many options a customer may choose in a group, why a
 * selection is refused, and what a tap on an option does. The server checks orders with it, the
 * product page drives its radios and checkboxes with it, and the cart re-check and reorder use it
 * to tell whether a stored selection still holds.
 *
 * Two independent settings describe a group:
 * - `type_input`: 1 is a single choice (at most one option, shown as dots), 2 a multiple choice
 *   (any number up to `max_choices`, unlimited when unset, shown as squares);
 * - `required`: at least one option (or `min_choices`, when set) must be chosen.
 * So there are four kinds: a size (required, single), extras (optional, multiple), an optional
 * single choice ("¿Bebida? none or one") and a required multiple choice ("at least one sauce").
 *
 * `min_choices` and `max_choices` are set by the back office (migration 008 stores them; null or
 * absent when unset). `min_choices` only tightens a required group (an optional
 * group always accepts choosing nothing); `max_choices` only narrows a multiple choice.
 */
export interface OptionGroupRule {
  required: boolean;
  /** 1 single choice, 2 multiple choice. */
  type_input: number;
  min_choices?: number | null;
  max_choices?: number | null;
}

/** How many options the group accepts: `max` is Infinity when a multiple choice has no limit. */
export interface ChoiceLimits {
  min: number;
  max: number;
}

/**
 * Why a selection is refused: `missing` (a required group with nothing chosen), `too_few`
 * (something chosen, fewer than `min`), `too_many` (more than `max`; a single choice has max 1).
 * Callers turn the code into their own Spanish message, with the limits when they need them.
 */
export type ChoiceProblem = ChoiceLimits & { code: 'missing' | 'too_few' | 'too_many' };

/** A limit the back office set, or null when unset or unusable (not a whole number of at least 1). */
const limit = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;

/**
 * The group's limits, made consistent: a single choice allows one; a required group asks for at
 * least one; a minimum above the maximum is lowered to it, so a group is never impossible to fill.
 */
export function choiceLimits(group: OptionGroupRule): ChoiceLimits {
  const max = isSingleChoice(group) ? 1 : (limit(group.max_choices) ?? Number.POSITIVE_INFINITY);
  const min = group.required ? Math.min(limit(group.min_choices) ?? 1, max) : 0;
  return { min, max };
}

/** Why choosing `chosen` options in the group is refused, or null when it is a valid selection. */
export function choiceProblem(group: OptionGroupRule, chosen: number): ChoiceProblem | null {
  const limits = choiceLimits(group);
  if (chosen > limits.max) return { code: 'too_many', ...limits };
  if (chosen === 0 && limits.min > 0) return { code: 'missing', ...limits };
  if (chosen < limits.min) return { code: 'too_few', ...limits };
  return null;
}

/**
 * The chosen option ids after the customer taps `optionId`:
 * - single choice: the tapped option replaces any other; tapping the chosen option again clears
 *   an optional group and leaves a required one as it is (a size cannot be un-chosen, only changed);
 * - multiple choice: the tap toggles the option; a new option beyond `max` is ignored.
 * Returns the same array when nothing changes.
 */
export function tapOption(
  group: OptionGroupRule,
  chosen: readonly number[],
  optionId: number,
): readonly number[] {
  const isChosen = chosen.includes(optionId);
  if (isSingleChoice(group)) {
    if (!isChosen) return [optionId];
    if (!group.required) return [];
    return chosen.length === 1 ? chosen : [optionId];
  }
  if (isChosen) return chosen.filter((id) => id !== optionId);
  return chosen.length < choiceLimits(group).max ? [...chosen, optionId] : chosen;
}

/** Preset choices (the API's defaults) cut down to what the group allows, keeping the first ones. */
export function allowedPreset(
  group: OptionGroupRule,
  preset: readonly number[],
): readonly number[] {
  const { max } = choiceLimits(group);
  return preset.length > max ? preset.slice(0, max) : preset;
}

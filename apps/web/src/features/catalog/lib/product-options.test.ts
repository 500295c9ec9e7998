import type { ModifierGroup } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import {
  applySelection,
  choose,
  groupHint,
  initialSelection,
  missingGroupsMessage,
  missingRequiredGroups,
  optionPriceLabel,
  type Selection,
} from './product-options';

const option = (id: number, title: string, price = 0, selected = false) => ({
  id,
  title,
  price,
  selected,
  modifier: { title },
});

const size: ModifierGroup = {
  id: 20,
  title: 'Tamaño',
  required: true,
  type_input: 1,
  modifiers_product: [
    option(89, 'Personal', 31900),
    option(90, 'Mediana', 45900),
    option(91, 'Familiar', 62900),
  ],
};

const extras: ModifierGroup = {
  id: 21,
  title: 'Adiciones',
  required: false,
  type_input: 2,
  modifiers_product: [
    option(92, 'Extra queso', 4500),
    option(93, 'Extra tocineta', 5000),
    option(94, 'Sin cebolla'),
  ],
};

const drink: ModifierGroup = {
  id: 30,
  title: 'Elige tu bebida',
  required: true,
  type_input: 1,
  modifiers_product: [option(301, 'Gaseosa'), option(302, 'Limonada')],
};

/** An optional single choice: none or one drink. */
const drinkChoice: ModifierGroup = {
  id: 40,
  title: 'Bebida',
  required: false,
  type_input: 1,
  modifiers_product: [option(401, 'Gaseosa', 3000), option(402, 'Limonada', 4000)],
};

/** A required multiple choice: at least one sauce, as many as wanted. */
const sauces: ModifierGroup = {
  id: 50,
  title: 'Salsas',
  required: true,
  type_input: 2,
  modifiers_product: [
    option(501, 'BBQ', 1000),
    option(502, 'Miel mostaza', 1500),
    option(503, 'Picante'),
  ],
};

const allSelected = (group: ModifierGroup): ModifierGroup => ({
  ...group,
  modifiers_product: group.modifiers_product.map((o) => ({ ...o, selected: true })),
});

const selectedIds = (groups: readonly ModifierGroup[]) =>
  groups.flatMap((group) => group.modifiers_product.filter((o) => o.selected).map((o) => o.id));

describe('initialSelection', () => {
  it('starts empty when the API selects nothing', () => {
    expect(initialSelection([size, extras])).toEqual({ 20: [], 21: [] });
  });

  it('keeps API defaults, at most one in a single-choice group', () => {
    const withDefaults = {
      ...size,
      modifiers_product: [option(89, 'P', 1, true), option(90, 'M', 2, true)],
    };
    const optional = {
      ...extras,
      modifiers_product: [option(92, 'A', 1, true), option(93, 'B', 1, true)],
    };
    expect(initialSelection([withDefaults, optional])).toEqual({ 20: [89], 21: [92, 93] });
  });

  it('keeps one default in an optional single choice, all of them in a required multiple choice', () => {
    const drinks = {
      ...drinkChoice,
      modifiers_product: [option(401, 'G', 1, true), option(402, 'L', 1, true)],
    };
    const allSauces = {
      ...sauces,
      modifiers_product: sauces.modifiers_product.map((o) => ({ ...o, selected: true })),
    };
    expect(initialSelection([drinks, allSauces])).toEqual({ 40: [401], 50: [501, 502, 503] });
  });

  it('cuts defaults down to a maximum', () => {
    const upToTwo = { ...allSelected(sauces), max_choices: 2 };
    expect(initialSelection([upToTwo])).toEqual({ 50: [501, 502] });
  });
});

describe('choose: a tap, by the shared option rule', () => {
  it('in a required single choice, choosing one option deselects the others', () => {
    let selection: Selection = initialSelection([size]);
    selection = choose(selection, size, 89);
    selection = choose(selection, size, 91);
    expect(selection[20]).toEqual([91]);
  });

  it('a required single choice is not cleared by tapping it again', () => {
    const selection = choose(initialSelection([size]), size, 90);
    expect(choose(selection, size, 90)).toBe(selection);
  });

  it('an optional single choice replaces, and a second tap on the chosen option clears it', () => {
    let selection: Selection = initialSelection([drinkChoice]);
    selection = choose(selection, drinkChoice, 401);
    selection = choose(selection, drinkChoice, 402);
    expect(selection[40]).toEqual([402]);
    expect(choose(selection, drinkChoice, 402)[40]).toEqual([]);
  });

  it('optional options toggle independently', () => {
    let selection: Selection = initialSelection([extras]);
    selection = choose(selection, extras, 92);
    selection = choose(selection, extras, 93);
    expect(selection[21]).toEqual([92, 93]);
    selection = choose(selection, extras, 92);
    expect(selection[21]).toEqual([93]);
  });

  it('a required multiple choice toggles too, down to none (Agregar then waits)', () => {
    let selection: Selection = initialSelection([sauces]);
    selection = choose(selection, sauces, 501);
    selection = choose(selection, sauces, 502);
    expect(selection[50]).toEqual([501, 502]);
    selection = choose(choose(selection, sauces, 501), sauces, 502);
    expect(selection[50]).toEqual([]);
    expect(missingRequiredGroups(applySelection([sauces], selection)).map((g) => g.title)).toEqual([
      'Salsas',
    ]);
  });

  it('a multiple choice at its maximum ignores another option', () => {
    const upToTwo = { ...sauces, max_choices: 2 };
    const full: Selection = { 50: [501, 502] };
    expect(choose(full, upToTwo, 503)).toBe(full);
    expect(choose(full, upToTwo, 501)[50]).toEqual([502]);
  });

  it('ignores an option of another group', () => {
    const selection = initialSelection([size, extras]);
    expect(choose(selection, size, 92)).toBe(selection);
  });
});

describe('applySelection', () => {
  it('sets each option’s selected flag and leaves the rest of the group as it is', () => {
    const groups = applySelection([size, extras], { 20: [90], 21: [92, 94] });
    expect(selectedIds(groups)).toEqual([90, 92, 94]);
    expect(groups[0]?.title).toBe('Tamaño');
    expect(groups[1]?.modifiers_product).toHaveLength(3);
  });

  it('clears API defaults the customer unticked', () => {
    const preset = { ...extras, modifiers_product: [option(92, 'A', 1, true)] };
    expect(selectedIds(applySelection([preset], { 21: [] }))).toEqual([]);
  });
});

describe('missing required groups', () => {
  it('names the group to fill before Agregar works', () => {
    const missing = missingRequiredGroups(applySelection([size, extras], {}));
    expect(missing.map((group) => group.title)).toEqual(['Tamaño']);
    expect(missingGroupsMessage(missing)).toBe('Elige una opción en Tamaño');
  });

  it('never asks for an optional group', () => {
    expect(missingRequiredGroups(applySelection([size, extras], { 20: [89] }))).toEqual([]);
    expect(missingGroupsMessage([])).toBeNull();
  });

  it('lists every missing group in Spanish', () => {
    const missing = missingRequiredGroups(applySelection([size, drink], {}));
    expect(missingGroupsMessage(missing)).toBe('Elige una opción en Tamaño y en Elige tu bebida');
    const named = (title: string) => ({ ...size, title });
    expect(missingGroupsMessage([named('A'), named('B'), named('C')])).toBe(
      'Elige una opción en A, en B y en C',
    );
  });

  it('asks for a required multiple choice until one is ticked, never for an optional single choice', () => {
    const groups = [size, drinkChoice, sauces];
    const missing = missingRequiredGroups(applySelection(groups, { 20: [89] }));
    expect(missing.map((group) => group.title)).toEqual(['Salsas']);
    expect(missingGroupsMessage(missing)).toBe('Elige una opción en Salsas');
    expect(missingRequiredGroups(applySelection(groups, { 20: [89], 50: [501, 502] }))).toEqual([]);
  });

  it('names a minimum above one in its own sentence', () => {
    const atLeastTwo = { ...sauces, min_choices: 2 };
    const missing = missingRequiredGroups(applySelection([size, atLeastTwo], { 50: [501] }));
    expect(missing.map((group) => group.title)).toEqual(['Tamaño', 'Salsas']);
    expect(missingGroupsMessage([size, atLeastTwo])).toBe(
      'Elige una opción en Tamaño. Elige al menos 2 opciones en Salsas',
    );
    expect(groupHint(atLeastTwo)).toBe('Elige al menos 2 opciones');
    expect(groupHint(sauces)).toBe('Elige una opción');
  });
});

describe('option prices', () => {
  it('shows a priced required option as the product price and an extra with a plus', () => {
    expect(optionPriceLabel(size, { price: 42900 })).toBe('$42.900');
    expect(optionPriceLabel(extras, { price: 3500 })).toBe('+$3.500');
    expect(optionPriceLabel(extras, { price: 0 })).toBe('');
    expect(optionPriceLabel(drink, { price: 0 })).toBe('');
  });

  it('shows a priced option of any group but a size as an addition', () => {
    expect(optionPriceLabel(sauces, { price: 1500 })).toBe('+$1.500');
    expect(optionPriceLabel(drinkChoice, { price: 3000 })).toBe('+$3.000');
  });
});

describe('an option sold out at the branch (decision 050)', () => {
  const withQuesoOut: ModifierGroup = {
    ...extras,
    modifiers_product: extras.modifiers_product.map((o) =>
      o.id === 92 ? { ...o, selected: true, sold_out: true } : o,
    ),
  };

  it('is never preselected, even when the stored choice had it', () => {
    expect(initialSelection([withQuesoOut])).toEqual({ [extras.id]: [] });
  });

  it('cannot be chosen: tapping it changes nothing, the others still toggle', () => {
    const start: Selection = { [extras.id]: [] };
    expect(choose(start, withQuesoOut, 92)).toBe(start);
    expect(choose(start, withQuesoOut, 93)).toEqual({ [extras.id]: [93] });
  });
});

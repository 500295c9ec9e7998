import type { ModifierGroup } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import {
  applySelection,
  choose,
  hasPricedChoice,
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
});

describe('choose (spec §4)', () => {
  it('in a required group, choosing one option deselects the others', () => {
    let selection: Selection = initialSelection([size]);
    selection = choose(selection, size, 89, true);
    selection = choose(selection, size, 91, true);
    expect(selection[20]).toEqual([91]);
  });

  it('a required choice cannot be unticked', () => {
    const selection = choose(initialSelection([size]), size, 90, true);
    expect(choose(selection, size, 90, false)).toBe(selection);
  });

  it('optional options toggle independently', () => {
    let selection: Selection = initialSelection([extras]);
    selection = choose(selection, extras, 92, true);
    selection = choose(selection, extras, 93, true);
    expect(selection[21]).toEqual([92, 93]);
    selection = choose(selection, extras, 92, false);
    expect(selection[21]).toEqual([93]);
    // Ticking twice does not count twice.
    expect(choose(selection, extras, 93, true)[21]).toEqual([93]);
  });

  it('ignores an option of another group', () => {
    const selection = initialSelection([size, extras]);
    expect(choose(selection, size, 92, true)).toBe(selection);
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
    expect(missingGroupsMessage([{ title: 'A' }, { title: 'B' }, { title: 'C' }])).toBe(
      'Elige una opción en A, en B y en C',
    );
  });
});

describe('option prices', () => {
  it('shows a priced required option as the product price and an extra with a plus', () => {
    expect(optionPriceLabel(size, { price: 42900 })).toBe('$42.900');
    expect(optionPriceLabel(extras, { price: 3500 })).toBe('+$3.500');
    expect(optionPriceLabel(extras, { price: 0 })).toBe('');
    expect(optionPriceLabel(drink, { price: 0 })).toBe('');
  });

  it('knows when the product price is a "from" price', () => {
    expect(hasPricedChoice([size, extras])).toBe(true);
    expect(hasPricedChoice([drink, extras])).toBe(false);
  });
});

import { lineTotal, unitPrice, type OrderLine, type Product } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import {
  addedText,
  keptType,
  keptTypeText,
  priceChangeText,
  problemText,
  rebuildOrder,
  rebuildOrderLine,
} from './reorder';

const pizza: Product = {
  id: 8,
  slug: 'pizza-hawaiana',
  title: 'Pizza Hawaiana',
  description: 'Jamón y piña',
  description_eco: 'Jamón y piña',
  image: '/images/pizza.webp',
  price: 29900,
  available: true,
  unavailable_reason: null,
  favorite: null,
  category: { slug: 'pizzas', title: 'Pizzas' },
  modifier_group: [
    {
      id: 22,
      title: 'Tamaño',
      required: true,
      type_input: 1,
      modifiers_product: [
        {
          id: 96,
          title: 'Personal',
          price: 29900,
          selected: false,
          modifier: { title: 'Personal' },
        },
        { id: 97, title: 'Mediana', price: 42900, selected: true, modifier: { title: 'Mediana' } },
      ],
    },
    {
      id: 23,
      title: 'Adiciones',
      required: false,
      type_input: 2,
      modifiers_product: [
        {
          id: 99,
          title: 'Extra queso',
          price: 4500,
          selected: false,
          modifier: { title: 'Queso' },
        },
        {
          id: 100,
          title: 'Extra tocineta',
          price: 5000,
          selected: false,
          modifier: { title: 'Tocineta' },
        },
      ],
    },
  ],
};

const line = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  product_id: 8,
  slug: 'pizza-hawaiana',
  title: 'Pizza Hawaiana',
  image: '/images/pizza.webp',
  unit_price: 34400,
  quantity: 2,
  total: 68800,
  options: [
    { group_id: 22, group_title: 'Tamaño', option_id: 96, title: 'Personal', price: 29900 },
    { group_id: 23, group_title: 'Adiciones', option_id: 99, title: 'Extra queso', price: 4500 },
  ],
  note: '',
  ...overrides,
});

describe('rebuildOrderLine', () => {
  it('selects exactly the ordered options (not the API defaults) and prices with the shared function', () => {
    const rebuilt = rebuildOrderLine(line(), pizza, 'id-1');
    if (!('item' in rebuilt)) throw new Error('expected an item');
    const selected = rebuilt.item.modifier_group.flatMap((g) =>
      g.modifiers_product.filter((o) => o.selected).map((o) => o.id),
    );
    expect(selected).toEqual([96, 99]);
    expect(rebuilt.item).toMatchObject({
      _id: 'id-1',
      id: 8,
      slug: 'pizza-hawaiana',
      quantity: 2,
      price: 29900,
    });
    expect(rebuilt.item.total).toBe(lineTotal(rebuilt.item, 2));
    expect(unitPrice(rebuilt.item)).toBe(34400);
    expect(rebuilt.priceChange).toBeNull();
  });

  it('reports a price change against what the order paid', () => {
    const dearer = {
      ...pizza,
      modifier_group: pizza.modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o) =>
          o.id === 96 ? { ...o, price: 31900 } : o,
        ),
      })),
    };
    const rebuilt = rebuildOrderLine(line(), dearer, 'id-1');
    if (!('item' in rebuilt)) throw new Error('expected an item');
    expect(rebuilt.priceChange).toEqual({ title: 'Pizza Hawaiana', before: 34400, after: 36400 });
    expect(priceChangeText(rebuilt.priceChange!)).toBe(
      'Pizza Hawaiana: el precio cambió de $34.400 a $36.400',
    );
  });

  it('leaves out a product the branch does not sell, or sells under another id', () => {
    expect(rebuildOrderLine(line(), null, 'x')).toEqual({
      problem: { kind: 'product_gone', title: 'Pizza Hawaiana' },
    });
    expect(rebuildOrderLine(line(), { ...pizza, id: 99 }, 'x')).toEqual({
      problem: { kind: 'product_gone', title: 'Pizza Hawaiana' },
    });
    const notOffered = rebuildOrderLine(
      line(),
      { ...pizza, available: false, unavailable_reason: 'not_offered' },
      'x',
    );
    expect(notOffered).toMatchObject({ problem: { kind: 'not_offered' } });
    if ('problem' in notOffered)
      expect(problemText(notOffered.problem, 'Campiña')).toBe(
        'Pizza Hawaiana no se vende en Campiña',
      );
  });

  it('leaves out a sold-out product', () => {
    const rebuilt = rebuildOrderLine(
      line(),
      { ...pizza, available: false, unavailable_reason: 'sold_out' },
      'x',
    );
    expect(rebuilt).toEqual({ problem: { kind: 'sold_out', title: 'Pizza Hawaiana' } });
    if ('problem' in rebuilt)
      expect(problemText(rebuilt.problem, 'Campiña')).toBe('Pizza Hawaiana se agotó en Campiña');
  });

  it('leaves out a line whose option no longer exists', () => {
    const withoutCheese = {
      ...pizza,
      modifier_group: pizza.modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product.filter((o) => o.id !== 99),
      })),
    };
    const rebuilt = rebuildOrderLine(line(), withoutCheese, 'x');
    expect(rebuilt).toEqual({
      problem: {
        kind: 'option_gone',
        option_id: 99,
        title: 'Pizza Hawaiana',
        option: 'Extra queso',
      },
    });
    if ('problem' in rebuilt)
      expect(problemText(rebuilt.problem, 'Campiña')).toBe(
        'Pizza Hawaiana: una opción ya no existe (Extra queso)',
      );
  });

  it('leaves out a line that no longer fills a required group', () => {
    const rebuilt = rebuildOrderLine(line({ options: [] }), pizza, 'x');
    expect(rebuilt).toMatchObject({
      problem: { kind: 'choice', code: 'missing', title: 'Pizza Hawaiana', group: 'Tamaño' },
    });
    if ('problem' in rebuilt)
      expect(problemText(rebuilt.problem, 'Campiña')).toBe(
        'Pizza Hawaiana: ahora debes elegir Tamaño',
      );
  });

  it('refuses two picks in a single-choice group', () => {
    const two = line({
      options: [
        { group_id: 22, group_title: 'Tamaño', option_id: 96, title: 'Personal', price: 29900 },
        { group_id: 22, group_title: 'Tamaño', option_id: 97, title: 'Mediana', price: 42900 },
      ],
    });
    expect(rebuildOrderLine(two, pizza, 'x')).toMatchObject({
      problem: { kind: 'choice', code: 'too_many', max: 1 },
    });
  });

  it('refuses two picks in a single-choice group that is optional, naming the group', () => {
    const optionalSize = {
      ...pizza,
      modifier_group: pizza.modifier_group.map((g) =>
        g.id === 22 ? { ...g, required: false } : g,
      ),
    };
    const two = line({
      options: [
        { group_id: 22, group_title: 'Tamaño', option_id: 96, title: 'Personal', price: 29900 },
        { group_id: 22, group_title: 'Tamaño', option_id: 97, title: 'Mediana', price: 42900 },
      ],
    });
    const refused = rebuildOrderLine(two, optionalSize, 'x');
    expect(refused).toMatchObject({
      problem: { kind: 'choice', code: 'too_many', title: 'Pizza Hawaiana', group: 'Tamaño' },
    });
    if ('problem' in refused) {
      expect(problemText(refused.problem, 'Campiña')).toBe(
        'Pizza Hawaiana: en Tamaño ahora solo puedes elegir una opción',
      );
    }
    // None is fine in an optional single choice; the extras still add to the product's price.
    const none = rebuildOrderLine(line({ options: [line().options[1]!] }), optionalSize, 'x');
    if (!('item' in none)) throw new Error(`expected an item, got ${JSON.stringify(none)}`);
    expect(unitPrice(none.item)).toBe(29900 + 4500);
  });

  it('keeps two picks of a required multiple choice, added to the price, and asks for one when none was ordered', () => {
    const requiredExtras = {
      ...pizza,
      modifier_group: pizza.modifier_group.map((g) => (g.id === 23 ? { ...g, required: true } : g)),
    };
    const both = line({
      options: [
        { group_id: 22, group_title: 'Tamaño', option_id: 96, title: 'Personal', price: 29900 },
        {
          group_id: 23,
          group_title: 'Adiciones',
          option_id: 99,
          title: 'Extra queso',
          price: 4500,
        },
        {
          group_id: 23,
          group_title: 'Adiciones',
          option_id: 100,
          title: 'Extra tocineta',
          price: 5000,
        },
      ],
    });
    const rebuilt = rebuildOrderLine(both, requiredExtras, 'x');
    if (!('item' in rebuilt)) throw new Error(`expected an item, got ${JSON.stringify(rebuilt)}`);
    expect(unitPrice(rebuilt.item)).toBe(29900 + 4500 + 5000);

    const sizeOnly = line({ options: [line().options[0]!] });
    expect(rebuildOrderLine(sizeOnly, requiredExtras, 'x')).toMatchObject({
      problem: { kind: 'choice', code: 'missing', title: 'Pizza Hawaiana', group: 'Adiciones' },
    });
  });

  it('leaves out a quantity the server would refuse', () => {
    const rebuilt = rebuildOrderLine(line({ quantity: 250 }), pizza, 'x');
    expect(rebuilt).toEqual({ problem: { kind: 'quantity', title: 'Pizza Hawaiana' } });
    if ('problem' in rebuilt)
      expect(problemText(rebuilt.problem, 'Campiña')).toBe(
        'Pizza Hawaiana: la cantidad debe estar entre 1 y 99',
      );
  });
});

describe('rebuildOrder', () => {
  it('keeps the order of the lines, gives each its own id and collects what went wrong', () => {
    let next = 0;
    const soda = line({ product_id: 40, slug: 'gaseosa', title: 'Gaseosa', options: [] });
    const result = rebuildOrder(
      [line(), soda, line({ quantity: 1 })],
      new Map([
        ['pizza-hawaiana', pizza],
        ['gaseosa', null],
      ]),
      () => `id-${++next}`,
    );
    expect(result.items.map((item) => [item._id, item.quantity])).toEqual([
      ['id-1', 2],
      ['id-3', 1],
    ]);
    expect(result.problems).toEqual([{ kind: 'product_gone', title: 'Gaseosa' }]);
    expect(addedText(result.items, 'Chicó')).toBe(
      'Agregamos 3 productos al carrito, con los precios de hoy en Chicó.',
    );
  });

  it('says so when nothing could be added', () => {
    expect(addedText([], 'Chicó')).toBe(
      'No pudimos agregar ningún producto de este pedido en Chicó.',
    );
    expect(addedText([{ quantity: 1 }], 'Chicó')).toBe(
      'Agregamos 1 producto al carrito, con los precios de hoy en Chicó.',
    );
  });
});

describe('what a re-order keeps of the type and the address', () => {
  const addresses = [
    { id: 4, label: 'Casa', neighbourhood: 'Mazurén' },
    { id: 5, label: 'Oficina', neighbourhood: 'Cedritos' },
  ];

  it('keeps a pickup a pickup', () => {
    expect(
      keptType(
        { type_delivery: 1, neighbourhood: null },
        { type_delivery: 1, address_id: null, problem: null },
        addresses,
      ),
    ).toEqual({
      kind: 'pickup',
    });
    expect(keptTypeText({ kind: 'pickup' }, 'Campiña')).toBe(
      'Lo recoges en Campiña, como la vez pasada.',
    );
  });

  it('keeps a delivery to the same address, by its neighbourhood today', () => {
    const kept = keptType(
      { type_delivery: 2, neighbourhood: 'Niza' },
      { type_delivery: 2, address_id: 4, problem: null },
      addresses,
    );
    expect(kept).toEqual({
      kind: 'delivery',
      deliveryTo: { neighbourhood: 'Mazurén', address_id: 4 },
      label: 'Casa',
    });
    expect(keptTypeText(kept, 'Campiña')).toBe('Lo llevamos a Casa, como la vez pasada.');
  });

  it('stays a delivery and says why when the address cannot be kept', () => {
    const problem =
      'La dirección de ese pedido ya no está guardada. Elige otra dirección de entrega.';
    expect(
      keptType(
        { type_delivery: 2, neighbourhood: 'Niza' },
        { type_delivery: 2, address_id: null, problem },
        addresses,
      ),
    ).toEqual({
      kind: 'delivery-ask',
      problem,
    });
    // An address the server keeps but the account no longer lists (deleted meanwhile) is asked for too.
    expect(
      keptType(
        { type_delivery: 2, neighbourhood: 'Niza' },
        { type_delivery: 2, address_id: 9, problem: null },
        addresses,
      ).kind,
    ).toBe('delivery-ask');
    // No answer from the server: the order's own type still decides.
    expect(keptType({ type_delivery: 2, neighbourhood: 'Niza' }, null, addresses).kind).toBe(
      'delivery-ask',
    );
  });
});

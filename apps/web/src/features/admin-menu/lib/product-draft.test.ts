import { ADMIN_MENU_MESSAGES, ADMIN_MESSAGES, DAYPART_MESSAGES, unitPrice } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import {
  bodyFrom,
  checkDraft,
  emptyDraft,
  groupDrafts,
  parsePesos,
  previewProduct,
  type ProductDraft,
} from './product-draft';

const draft = (overrides: Partial<ProductDraft> = {}): ProductDraft => ({
  ...emptyDraft(3),
  title: 'Bowl',
  description_eco: 'Arroz y pollo',
  price: '22.000',
  image: '/images/bowl.webp',
  groups: [
    {
      key: 'g1',
      title: 'Tamaño',
      required: true,
      type_input: 1,
      min: '2',
      max: '5',
      options: [
        { key: 'o1', id: 7, title: 'Regular', price: '0' },
        { key: 'o2', title: 'Grande', price: '$29.000' },
      ],
    },
  ],
  ...overrides,
});

describe('the product editor draft', () => {
  it('sends its dayparts and shows their problem beside Horario de venta', () => {
    const breakfast = [{ days: [1, 2, 3, 4, 5], from: '06:00', to: '11:00' }];
    expect(bodyFrom(draft({ dayparts: breakfast })).dayparts).toEqual(breakfast);
    expect(checkDraft(draft({ dayparts: breakfast })).fields).toEqual({});
    const wrong = [{ days: [1], from: '06:00', to: '25:00' }];
    expect(checkDraft(draft({ dayparts: wrong })).fields).toEqual({
      dayparts: DAYPART_MESSAGES.noSuchTime('25:00'),
    });
  });

  it('reads pesos as typed with dots, spaces or a sign, and nothing else', () => {
    expect(parsePesos('18.000')).toBe(18000);
    expect(parsePesos('$ 18 000')).toBe(18000);
    expect(parsePesos('18,5')).toBeNaN();
    expect(parsePesos('-3')).toBeNaN();
    expect(parsePesos('')).toBeNaN();
  });

  it('makes the API body: ids kept, limits dropped for a single choice', () => {
    const body = bodyFrom(draft());
    expect(body).toMatchObject({ category_id: 3, price: 22000 });
    expect(body.modifier_group[0]).toEqual({
      title: 'Tamaño',
      required: true,
      type_input: 1,
      min: null,
      max: null,
      modifiers_product: [
        { id: 7, title: 'Regular', price: 0 },
        { title: 'Grande', price: 29000 },
      ],
    });
    expect(checkDraft(draft())).toEqual({ fields: {}, groups: {} });
  });

  it('puts the shared schema messages beside their field or their group', () => {
    const problems = checkDraft(
      draft({
        price: '12,5',
        image: '',
        groups: [
          {
            key: 'g1',
            title: '',
            required: true,
            type_input: 2,
            min: '3',
            max: '2',
            options: [{ key: 'o', title: 'A', price: '0' }],
          },
        ],
      }),
    );
    // No photo is allowed: the server stores the placeholder plate.
    expect(problems.fields).toEqual({ price: ADMIN_MESSAGES.money });
    expect(problems.groups.g1).toEqual([
      ADMIN_MENU_MESSAGES.groupTitle,
      ADMIN_MENU_MESSAGES.minAboveMax,
      ADMIN_MENU_MESSAGES.maxAboveOptions,
    ]);
  });

  it('copies groups without ids, and previews unsaved options with stand-in ids priced by the shared rule', () => {
    const copies = groupDrafts(
      [
        {
          id: 4,
          title: 'Salsas',
          required: false,
          type_input: 2,
          min: null,
          max: 2,
          modifiers_product: [{ id: 9, title: 'Ajo', price: 500 }],
        },
      ],
      false,
    );
    expect(copies[0]).toMatchObject({
      id: undefined,
      max: '2',
      options: [{ id: undefined, title: 'Ajo', price: '500' }],
    });

    const preview = previewProduct(draft({ groups: [...draft().groups, ...copies] }), null, {
      slug: 'bowls',
      title: 'Bowls',
    });
    const ids = preview.modifier_group.flatMap((g) => [
      g.id,
      ...g.modifiers_product.map((o) => o.id),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(preview.modifier_group[1]).toMatchObject({ max_choices: 2, required: false });
    const grande = {
      ...preview,
      modifier_group: preview.modifier_group.map((g, i) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o, j) => ({
          ...o,
          selected: i === 0 && j === 1,
        })),
      })),
    };
    expect(unitPrice(grande)).toBe(29000);
  });
});

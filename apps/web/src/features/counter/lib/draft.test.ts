import type { Product } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import {
  addLine,
  bodyOf,
  missingChoice,
  presetChoices,
  setQuantity,
  subtotalOf,
  tapChoice,
  withChoices,
} from './draft';

const burger: Product = {
  id: 7,
  slug: 'hamburguesa',
  title: 'Hamburguesa',
  description: '',
  description_eco: '',
  image: '',
  price: 20_000,
  available: true,
  unavailable_reason: null,
  favorite: null,
  category: { slug: 'hamburguesas', title: 'Hamburguesas' },
  modifier_group: [
    {
      id: 1,
      title: 'Término',
      required: true,
      type_input: 1,
      modifiers_product: [
        { id: 11, title: 'Medio', price: 0, selected: false, modifier: { title: 'Término' } },
        { id: 12, title: 'Bien asado', price: 0, selected: false, modifier: { title: 'Término' } },
      ],
    },
    {
      id: 2,
      title: 'Adiciones',
      required: false,
      type_input: 2,
      modifiers_product: [
        {
          id: 21,
          title: 'Tocineta',
          price: 4_000,
          selected: false,
          modifier: { title: 'Adiciones' },
        },
      ],
    },
  ],
};

describe('the counter order draft', () => {
  it('asks for a required choice, then prices the options by the shared rule', () => {
    let choices = presetChoices(burger);
    expect(missingChoice(burger, choices)?.title).toBe('Término');
    choices = tapChoice(burger, choices, 1, 11);
    choices = tapChoice(burger, choices, 2, 21);
    expect(missingChoice(burger, choices)).toBeNull();
    const lines = addLine(addLine([], withChoices(burger, choices)), withChoices(burger, choices));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
    expect(subtotalOf(lines)).toBe(48_000);
    expect(setQuantity(lines, lines[0]!.key, 0)).toEqual([]);
  });

  it('sends only what the server reads, the customer by id or by name and phone', () => {
    const product = withChoices(burger, { 1: [12], 2: [] });
    const base = {
      clientOrderId: 'abcdefgh1234',
      channel: 'mostrador' as const,
      branchId: 3,
      lines: addLine([], product),
      paymentId: 1,
      observation: '',
    };
    const found = bodyOf({
      ...base,
      customer: { kind: 'found', id: 9, name: 'Ana', phone: '3001234567' },
      destination: { type: 'delivery', addressId: 4 },
    });
    expect(found).toMatchObject({ customer: { id: 9 }, type_delivery: 2, address_id: 4 });
    expect(found.detail).toEqual([
      {
        id: 7,
        quantity: 1,
        modifier_group: [
          {
            id: 1,
            modifiers_product: [
              { id: 11, selected: false },
              { id: 12, selected: true },
            ],
          },
          { id: 2, modifiers_product: [{ id: 21, selected: false }] },
        ],
      },
    ]);
    const made = bodyOf({
      ...base,
      customer: { kind: 'new', name: ' Luis ', phone: '3009876543', email: '' },
      destination: { type: 'pickup' },
    });
    expect(made.customer).toEqual({ name: 'Luis', phone: '3009876543' });
    expect(made).toMatchObject({ type_delivery: 1 });
    expect(made).not.toHaveProperty('address_id');
  });
});

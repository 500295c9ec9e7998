import type { Product, ProductCard } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { folded, searchProducts } from './search';

const card = (id: number, title: string, description = ''): ProductCard => ({
  id,
  slug: `p-${id}`,
  image: '',
  title,
  description_eco: description,
  price: 1000,
  price_varies: false,
  available: true,
  unavailable_reason: null,
});

const menu = [
  card(1, 'Hamburguesa Clásica', 'Carne de res, queso y tocineta'),
  card(2, 'Pizza Hawaiana', 'Piña y jamón'),
  card(3, 'Limonada de coco'),
];
const tagged = [
  { ...card(4, 'Pizza Vegetariana'), tags: ['vegetariano'] },
  { ...card(5, 'Papas a la francesa'), tags: ['vegano', 'sin-gluten'] },
  { ...card(6, 'Guacamole'), tags: ['vegetariano', 'sin-gluten'] },
  ...menu,
];

describe('menu search', () => {
  it('ignores accents and case', () => {
    expect(folded('CLÁSICA')).toBe('clasica');
    expect(searchProducts(menu, 'CLASICA').map((p) => p.id)).toEqual([1]);
    expect(searchProducts(menu, 'piña').map((p) => p.id)).toEqual([2]);
    expect(searchProducts(menu, 'PINA').map((p) => p.id)).toEqual([2]);
  });

  it('reads the description, and every word must be there', () => {
    expect(searchProducts(menu, 'queso').map((p) => p.id)).toEqual([1]);
    expect(searchProducts(menu, 'tocineta res').map((p) => p.id)).toEqual([1]);
    expect(searchProducts(menu, 'tocineta piña')).toEqual([]);
  });

  it('reads the option names of a product whose page is known', () => {
    const detail = {
      modifier_group: [{ modifiers_product: [{ title: 'Término medio' }] }],
    } as unknown as Product;
    const detailOf = (slug: string) => (slug === 'p-1' ? detail : undefined);
    expect(searchProducts(menu, 'termino', detailOf).map((p) => p.id)).toEqual([1]);
    expect(searchProducts(menu, 'termino').map((p) => p.id)).toEqual([]);
  });

  it('lists a product once, and nothing for an empty query', () => {
    expect(searchProducts([...menu, menu[0]!], 'hamburguesa')).toHaveLength(1);
    expect(searchProducts(menu, '   ')).toEqual([]);
  });

  it('keeps only the products with every tag chosen, with or without words', () => {
    expect(searchProducts(tagged, '', undefined, ['sin-gluten']).map((p) => p.id)).toEqual([5, 6]);
    expect(
      searchProducts(tagged, '', undefined, ['sin-gluten', 'vegetariano']).map((p) => p.id),
    ).toEqual([6]);
    expect(searchProducts(tagged, 'pizza', undefined, ['vegetariano']).map((p) => p.id)).toEqual([
      4,
    ]);
    // A card stored before tags existed has none: it never matches a tag.
    expect(searchProducts(tagged, '', undefined, ['vegano']).map((p) => p.id)).toEqual([5]);
    expect(searchProducts(tagged, '', undefined, [])).toEqual([]);
  });
});

import type { Branch, CategoryWithProducts, Product } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { setServerBrand } from '@/lib/brand';
import { pageHead } from './seo';

// pageHead runs in the server render, which is given the chain's brand (entry-server.tsx).
setServerBrand('La Brasa Dorada');

const branch = {
  id: 3,
  title: 'Campiña',
  address: 'Cl. 152B',
  city: 'Bogotá',
  phone: '601',
} as Branch;
const origin = 'https://pide.example';

function blocks(tags: string): Record<string, unknown>[] {
  return [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe('pageHead', () => {
  it('states a category as a Menu section whose items carry an Offer at the branch', () => {
    const category = {
      id: 1,
      slug: 'hamburguesas',
      title: 'Hamburguesas',
      photo: '/images/c.webp',
      products: [
        {
          id: 7,
          slug: 'doble',
          title: 'Doble',
          description_eco: 'Dos carnes',
          image: '/images/p.webp',
          price: 25000,
          available: false,
          unavailable_reason: 'sold_out',
        },
      ],
    } as CategoryWithProducts;
    const head = pageHead({
      origin,
      path: '/category/hamburguesas',
      branches: [branch],
      branch,
      category,
    });
    expect(head.title).toBe('Hamburguesas · La Brasa Dorada');
    expect(head.tags).toContain(`<link rel="canonical" href="${origin}/category/hamburguesas">`);
    const menu = blocks(head.tags).find((block) => block['@type'] === 'Menu') as {
      hasMenuSection: {
        hasMenuItem: { name: string; url: string; offers: Record<string, unknown> }[];
      }[];
    };
    const item = menu.hasMenuSection[0]!.hasMenuItem[0]!;
    expect(item.url).toBe(`${origin}/producto/doble`);
    expect(item.offers).toMatchObject({
      '@type': 'Offer',
      price: 25000,
      priceCurrency: 'COP',
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('keeps a name that closes a script or an attribute from breaking out of the page head', () => {
    const product = {
      slug: 'x',
      title: 'Combo </script><script>alert(1)</script> "Especial"',
      description: 'a < b',
      description_eco: '',
      image: '/images/x.webp',
      price: 1,
      available: true,
    } as Product;
    const { tags } = pageHead({ origin, path: '/producto/x', branches: [branch], branch, product });
    expect(tags).not.toContain('<script>alert');
    expect(tags).toContain(
      'content="Combo &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Especial&quot; · La Brasa Dorada"',
    );
    const item = blocks(tags).find((block) => block['@type'] === 'MenuItem') as { name: string };
    expect(item.name).toBe(product.title);
  });
});

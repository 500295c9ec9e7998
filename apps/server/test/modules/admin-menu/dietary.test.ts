import {
  adminProductSchema,
  auditListResponse,
  categoryResponse,
  chainCategoryResponse,
  chainProductResponse,
  DIETARY_MESSAGES,
  oneOf,
  productResponse,
  productUpdateBodyOf,
  type AdminProduct,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';

// Allergens and dietary tags (migration 039): set in the product's editor through the one write
// path, stored in the lists' order, carried by every catalogue answer (a branch's and the
// chain's, cached or not) and refused in Spanish when not from the lists.

let t: TestApp;
let admin: string;
let branchId: number;
const one = oneOf(adminProductSchema);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@comanda.test');
  branchId = (await branchBySlug(t.database, 'campina')).id;
});
afterAll(() => t.close());

const read = async (slug: string): Promise<AdminProduct> => {
  const { id } = await t.database.db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  const res = await t.app.inject({ url: `/api/admin/products/${id}`, headers: bearer(admin) });
  return one.parse(res.json()).results;
};
const save = (product: AdminProduct, changes: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${product.id}`,
    headers: bearer(admin),
    payload: { ...productUpdateBodyOf(product), ...changes },
  });
const card = async (category: string, slug: string) => {
  const res = await t.app.inject(`/api/category/${category}/${branchId}`);
  return categoryResponse.parse(res.json()).results.products.find((p) => p.slug === slug)!;
};

describe('allergens and dietary tags', () => {
  it('carries the demo products’ tags in the catalogue, at a branch and for the chain', async () => {
    expect(await card('pizzas', 'pizza-vegetariana')).toMatchObject({
      allergens: ['gluten', 'lacteos'],
      tags: ['vegetariano'],
    });
    const chain = chainCategoryResponse.parse(
      (await t.app.inject('/api/menu/category/ensaladas-y-bowls')).json(),
    ).results;
    expect(chain.products.find((p) => p.slug === 'bowl-falafel')).toMatchObject({
      allergens: ['lacteos', 'sesamo'],
      tags: ['vegetariano'],
    });
    expect((await read('pizza-hawaiana')).allergens).toEqual([]);
  });

  it('saves them from the editor in the lists’ order, logs them, and every answer shows them at once', async () => {
    const before = await read('pizza-hawaiana');
    // Read once so the answers are cached: the save must drop them.
    await card('pizzas', 'pizza-hawaiana');
    await t.app.inject('/api/menu/products/pizza-hawaiana');
    const res = await save(before, { allergens: ['lacteos', 'gluten'], tags: ['picante'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(one.parse(res.json()).results).toMatchObject({
      allergens: ['gluten', 'lacteos'],
      tags: ['picante'],
      version: before.version + 1,
    });
    const audit = auditListResponse.parse(
      (
        await t.app.inject({ url: '/api/admin/audit?entity=product', headers: bearer(admin) })
      ).json(),
    ).results[0]!;
    expect(audit.summary).toBe('Pizza Hawaiana: alérgenos, etiquetas');
    for (let i = 0; i < 2; i++)
      expect(await card('pizzas', 'pizza-hawaiana')).toMatchObject({
        allergens: ['gluten', 'lacteos'],
        tags: ['picante'],
      });
    const page = productResponse.parse(
      (await t.app.inject(`/api/products/pizza-hawaiana/${branchId}`)).json(),
    ).results;
    expect(page).toMatchObject({ allergens: ['gluten', 'lacteos'], tags: ['picante'] });
    const chain = chainProductResponse.parse(
      (await t.app.inject('/api/menu/products/pizza-hawaiana')).json(),
    ).results;
    expect(chain).toMatchObject({ allergens: ['gluten', 'lacteos'], tags: ['picante'] });

    // A body without them (an older editor, a script) leaves them as they are.
    const { allergens: _a, tags: _t, ...rest } = productUpdateBodyOf(await read('pizza-hawaiana'));
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${before.id}`,
      headers: bearer(admin),
      payload: { ...rest, price: before.price + 1000 },
    });
    expect(one.parse(kept.json()).results).toMatchObject({
      allergens: ['gluten', 'lacteos'],
      tags: ['picante'],
    });
  });

  it('refuses codes outside the lists, and repeated ones, in Spanish with nothing saved', async () => {
    const before = await read('perro-sencillo');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ allergens: ['nueces'] }, { allergens: [DIETARY_MESSAGES.allergens] }],
      [{ allergens: ['gluten', 'gluten'] }, { allergens: [DIETARY_MESSAGES.allergens] }],
      [{ tags: 'vegano' }, { tags: [DIETARY_MESSAGES.tags] }],
      [
        { tags: ['keto'], allergens: [1] },
        {
          allergens: [DIETARY_MESSAGES.allergens],
          tags: [DIETARY_MESSAGES.tags],
        },
      ],
    ];
    for (const [changes, errors] of cases) {
      const res = await save(before, changes);
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await read('perro-sencillo')).toEqual(before);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(admin),
      payload: {
        category_id: before.category_id,
        title: 'Perro vegano',
        description: '',
        description_eco: 'Salchicha de garbanzo',
        price: 15000,
        image: '',
        modifier_group: [],
        tags: ['vegano', 'vegetariano'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(one.parse(created.json()).results).toMatchObject({
      allergens: [],
      tags: ['vegetariano', 'vegano'],
    });
  });
});

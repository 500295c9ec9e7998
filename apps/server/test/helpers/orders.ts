import { cartTotal, productResponse, type OrderLineOption, type Product } from '@comanda/shared';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/types';
import type { OrderDraft } from '../../src/modules/orders/types';

/** Reads a JSON answer of the API: through app.inject or fetch against a real process. */
export type GetJson = (path: string) => Promise<unknown>;

export const fetchJson =
  (base: string): GetJson =>
  async (path) => {
    const res = await fetch(`${base}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return res.json();
  };

/** The demo branch open around the clock, so an order is never refused for the hour. */
export async function alwaysOpenBranch(get: GetJson): Promise<{ id: number; title: string }> {
  const { results } = (await get('/api/branch-office')) as {
    results: { id: number; title: string; opening_hours: { opens: string; closes: string }[] }[];
  };
  const open = results.find(
    (b) =>
      b.opening_hours.length === 7 &&
      b.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
  );
  if (!open) throw new Error('the demo chain has no branch open 24 hours');
  return { id: open.id, title: open.title };
}

/** Products available at the branch, as the API shows them (price, options), up to `limit`. */
export async function availableProducts(
  get: GetJson,
  branchId: number,
  limit: number,
): Promise<Product[]> {
  const categories = ((await get('/api/category-client')) as { results: { slug: string }[] })
    .results;
  const products: Product[] = [];
  for (const category of categories) {
    const listed = (
      (await get(`/api/category/${category.slug}/${branchId}`)) as {
        results: { products: { slug: string; available: boolean }[] };
      }
    ).results.products;
    for (const card of listed.filter((p) => p.available)) {
      products.push(
        productResponse.parse(await get(`/api/products/${card.slug}/${branchId}`)).results,
      );
      if (products.length >= limit) return products;
    }
  }
  return products;
}

/**
 * A cart line as the storefront keeps it: the product with its choices marked `selected` — the
 * first option of each required group, and the first `extras` options of each optional one.
 */
export function cartLine(product: Product, quantity: number, extras = 0) {
  return {
    ...product,
    quantity,
    modifier_group: product.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option, index) => ({
        ...option,
        selected: group.required ? index === 0 : index < extras,
      })),
    })),
  };
}

export type CartLine = ReturnType<typeof cartLine>;

/** A pickup order of these lines at the branch, with a fresh client_order_id. */
export function orderPayload(branch: { id: number; title: string }, lines: CartLine[]) {
  return {
    client_order_id: randomUUID(),
    branch_office: branch,
    payment: { id: 1 },
    form: { observation: '' },
    detail: lines,
    type_delivery: 1 as const,
  };
}

/** What the order must cost: the storefront's cart total, by the one shared pricing rule. */
export const expectedTotal = (payload: { detail: CartLine[] }) => cartTotal(payload.detail);

/**
 * The demo customer's drafts (draftMaker): two of a product, with an option and an observation,
 * as the writer thread's tests write them.
 */
export async function demoCustomerDraft(db: Kysely<Database>) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'cliente@comanda.test')
    .executeTakeFirstOrThrow();
  const option = {
    group_id: 1,
    group_title: 'Término de la carne',
    option_id: 2,
    title: 'Tres cuartos',
    price: 0,
  };
  return draftMaker(db, user.id, { quantity: 2, observation: 'sin cebolla', options: [option] });
}

/**
 * A pickup order ready to store (OrderDraft), for tests that write through the repository or
 * the writer thread without going through placement: one line of `quantity` of the product.
 */
export async function draftMaker(
  db: Kysely<Database>,
  userId: number,
  { quantity = 1, observation = '', options = [] as OrderLineOption[] } = {},
) {
  const branch = await db
    .selectFrom('branches')
    .select(['id', 'address'])
    .executeTakeFirstOrThrow();
  const product = await db
    .selectFrom('products')
    .select(['id', 'slug', 'title', 'image', 'price'])
    .executeTakeFirstOrThrow();
  const payment = await db
    .selectFrom('payment_types')
    .select(['id', 'description'])
    .executeTakeFirstOrThrow();
  return (clientOrderId: string = randomUUID()): OrderDraft => ({
    user_id: userId,
    branch_id: branch.id,
    client_order_id: clientOrderId,
    type_delivery: 1,
    address_id: null,
    address: branch.address,
    neighbourhood: null,
    scheduled_for: null,
    fire_at: null,
    address_notes: null,
    customer_phone: '3001234567',
    payment_type_id: payment.id,
    payment_description: payment.description,
    observation,
    quantity,
    delivery_fee: 0,
    discount: 0,
    coupon_code_id: null,
    promotions: '[]',
    status: 'received',
    payment_status: null,
    pay_with: null,
    payment_expires_at: null,
    tip: 0,
    channel: 'web',
    placed_by: null,
    total: product.price * quantity,
    lines: [
      {
        product_id: product.id,
        slug: product.slug,
        title: product.title,
        image: product.image,
        unit_price: product.price,
        quantity,
        total: product.price * quantity,
        options,
        note: '',
      },
    ],
  });
}

import { lineTotal, unitPrice } from '@comanda/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../types';
import type { DemoChain, DemoProduct } from './demo-chain-types';

/**
 * What the demo customer (cliente@comanda.test) already has, so /direcciones, /favoritos and
 * /pedidos show something on first start: two addresses, three favourites, three past orders.
 */
const ADDRESSES = [
  {
    label: 'Casa',
    address: 'Cl. 147 #58C-40, apto 502',
    neighbourhood: 'La Campiña',
    city: 'Bogotá',
    notes: 'Torre 2, timbre 502',
  },
  {
    label: 'Oficina',
    address: 'Cra. 15 #93-47, piso 6',
    neighbourhood: 'Chicó Norte',
    city: 'Bogotá',
    notes: '',
  },
];

/** Past orders by product slug and quantity, at the first branch, the first choice of each required group. */
const PAST_ORDERS: { daysAgo: number; delivery: 1 | 2; lines: [string, number][] }[] = [
  {
    daysAgo: 12,
    delivery: 1,
    lines: [
      ['hamburguesa-clasica', 2],
      ['limonada-natural', 2],
    ],
  },
  { daysAgo: 5, delivery: 2, lines: [['pizza-pepperoni', 1]] },
  {
    daysAgo: 1,
    delivery: 2,
    lines: [
      ['hamburguesa-clasica', 1],
      ['pizza-hawaiana', 1],
    ],
  },
];

export async function insertDemoCustomerData(
  trx: Transaction<Database>,
  chain: DemoChain,
  userId: number,
) {
  const now = Date.now();
  const iso = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();

  const addressIds: number[] = [];
  for (const address of ADDRESSES) {
    const row = await trx
      .insertInto('addresses')
      .values({ ...address, user_id: userId, created_at: iso(30) })
      .returning('id')
      .executeTakeFirstOrThrow();
    addressIds.push(row.id);
  }

  const products = await trx.selectFrom('products').select(['id', 'slug', 'price']).execute();
  const productId = (slug: string) => {
    const found = products.find((p) => p.slug === slug);
    if (!found) throw new Error(`Demo customer names an unknown product: ${slug}`);
    return found.id;
  };
  const demoProducts = new Map(
    chain.categories.flatMap((c) => c.products).map((p) => [p.slug, p] as const),
  );

  for (const slug of ['hamburguesa-clasica', 'pizza-campina', 'limonada-de-coco']) {
    if (demoProducts.has(slug)) {
      await trx
        .insertInto('favorites')
        .values({ user_id: userId, product_id: productId(slug), created_at: iso(20) })
        .execute();
    }
  }

  const branch = await trx
    .selectFrom('branches')
    .select(['id', 'address'])
    .orderBy('position')
    .executeTakeFirstOrThrow();
  const payment = await trx
    .selectFrom('payment_types')
    .select(['id', 'description'])
    .orderBy('position')
    .executeTakeFirstOrThrow();
  const groups = await trx
    .selectFrom('modifier_groups as g')
    .innerJoin('modifier_options as o', 'o.group_id', 'g.id')
    .select([
      'g.id as group_id',
      'g.product_id',
      'g.title as group_title',
      'g.required',
      'g.type_input',
      'o.id as option_id',
      'o.title',
      'o.price',
    ])
    .orderBy('g.position')
    .orderBy('o.position')
    .execute();

  // Positions and the count that placement keeps (decision 018), for the history's pages.
  let placed = 0;
  for (const [index, past] of PAST_ORDERS.entries()) {
    const lines = past.lines
      .filter(([slug]) => demoProducts.has(slug))
      .map(([slug, quantity]) => {
        const id = productId(slug);
        const demo = demoProducts.get(slug) as DemoProduct;
        // The first option of each required group, as a customer in a hurry would choose.
        const chosen = groups.filter(
          (g) =>
            g.product_id === id &&
            g.required === 1 &&
            g === groups.find((x) => x.group_id === g.group_id),
        );
        const priced = {
          price: demo.price,
          modifier_group: chosen.map((o) => ({
            required: true,
            type_input: o.type_input,
            modifiers_product: [{ price: o.price, selected: true }],
          })),
        };
        const unit = unitPrice(priced);
        return {
          product_id: id,
          slug,
          title: demo.title,
          image: demo.image,
          unit_price: unit,
          quantity,
          total: lineTotal(priced, quantity),
          options: JSON.stringify(
            chosen.map((o) => ({
              group_id: o.group_id,
              group_title: o.group_title,
              option_id: o.option_id,
              title: o.title,
              price: o.price,
            })),
          ),
        };
      });
    if (lines.length === 0) continue;
    const at = iso(past.daysAgo);
    const order = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        branch_id: branch.id,
        client_order_id: `demo-${index + 1}`,
        type_delivery: past.delivery,
        address_id: past.delivery === 2 ? (addressIds[0] ?? null) : null,
        address:
          past.delivery === 2
            ? `${ADDRESSES[0]!.address}, ${ADDRESSES[0]!.neighbourhood}`
            : branch.address,
        neighbourhood: past.delivery === 2 ? ADDRESSES[0]!.neighbourhood : null,
        payment_type_id: payment.id,
        payment_description: payment.description,
        observation: '',
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        total: lines.reduce((n, l) => n + l.total, 0),
        status: 'delivered',
        created_at: at,
        updated_at: at,
        user_seq: ++placed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_lines')
      .values(lines.map((line, position) => ({ ...line, order_id: order.id, position })))
      .execute();
    await trx
      .insertInto('order_status_history')
      .values(
        ['received', 'accepted', 'preparing', 'ready', 'delivered'].map((status) => ({
          order_id: order.id,
          status: status as 'received',
          at,
        })),
      )
      .execute();
  }
  if (placed > 0)
    await trx.insertInto('user_order_counts').values({ user_id: userId, orders: placed }).execute();
}

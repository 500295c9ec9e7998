import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { DatabaseHandle } from '../dialect';
import type { Database } from '../types';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts';
import { demoChain } from './demo-chain';
import { insertDemoCustomerData } from './demo-customer';
import { insertDemoPromotions } from './demo-promotions';
import { DEMO_DIETARY } from './demo-dietary';
import type { DemoChain } from './demo-chain-types';

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('branches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Writes the demo chain in one transaction, only into an empty database: a chain's own data is
 * never mixed with the demo. Answers whether it seeded.
 */
export async function seedDemoChain(
  { db }: DatabaseHandle,
  chain: DemoChain = demoChain,
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  // Hash before the transaction: argon2 is deliberately slow and must not hold the write lock.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  try {
    await writeChain(db, chain, passwordHash);
  } catch (error) {
    // Several nodes starting on one empty database race to seed it; the losers' inserts hit the
    // unique slugs and roll back whole. The winner's demo chain is the one everybody uses.
    if (isUniqueViolation(error) && !(await isEmpty(db))) return false;
    throw error;
  }
  return true;
}

async function writeChain(db: Kysely<Database>, chain: DemoChain, passwordHash: string) {
  await db.transaction().execute(async (trx) => {
    const branchIds = await insertBranches(trx, chain);
    await insertMenu(trx, chain, branchIds);
    await insertMarketing(trx, chain, branchIds);
    await insertDemoPromotions(trx);
    await tagDemoProducts(trx);
    const customer = await insertAccounts(trx, branchIds, passwordHash);
    if (customer !== undefined) await insertDemoCustomerData(trx, chain, customer);
    // The demo's accounts share a published password so anyone can try the console: its admin
    // need not enrol a second factor first (decision 044). A real chain's admins must; the
    // back office's Seguridad turns it back on here too.
    await trx.updateTable('chain_settings').set({ second_factor_admins: 0 }).execute();
  });
}

/** The demo accounts, and the branches each staff member works at; answers the customer's id. */
async function insertAccounts(
  trx: Transaction<Database>,
  branchIds: Map<string, number>,
  passwordHash: string,
) {
  const createdAt = new Date().toISOString();
  let customerId: number | undefined;
  for (const { branches, ...account } of demoAccounts) {
    const { id } = await trx
      .insertInto('users')
      .values({ ...account, password_hash: passwordHash, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (account.role === 'customer') customerId ??= id;
    const worksAt =
      branches === 'all'
        ? [...branchIds.values()]
        : (branches ?? []).map((slug) => branchId(branchIds, slug));
    if (worksAt.length > 0) {
      await trx
        .insertInto('staff_branches')
        .values(worksAt.map((branch_id) => ({ user_id: id, branch_id })))
        .execute();
    }
  }
  return customerId;
}

async function insertBranches(trx: Transaction<Database>, chain: DemoChain) {
  const ids = new Map<string, number>();
  for (const [position, branch] of chain.branches.entries()) {
    const { id } = await trx
      .insertInto('branches')
      .values({
        slug: branch.slug,
        title: branch.title,
        address: branch.address,
        phone: branch.phone,
        city: branch.city,
        delivery_available: branch.delivery.available ? 1 : 0,
        prep_minutes: branch.prepMinutes,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(branch.slug, id);
    if (branch.hours.length > 0) {
      await trx
        .insertInto('branch_hours')
        .values(
          branch.hours.map((h) => ({
            branch_id: id,
            weekday: h.weekday,
            opens: h.opens,
            closes: h.closes,
          })),
        )
        .execute();
    }
    const zones =
      branch.delivery.neighbourhoods.length > 0
        ? await trx
            .insertInto('branch_delivery_zones')
            .values(
              branch.delivery.neighbourhoods.map((neighbourhood, index) => ({
                branch_id: id,
                neighbourhood,
                delivery_minutes: demoZoneMinutes(index),
                ...demoZoneCharge(index),
              })),
            )
            .returning('id')
            .execute()
        : [];
    // A pickup-only branch is placed too: the pickup list measures the customer's distance to it.
    await insertPlaces(
      trx,
      id,
      branch.point,
      zones.map((zone) => zone.id),
    );
  }
  return ids;
}

/**
 * Where the demo's branches and zones are (decision 068): each zone around its branch, as far
 * as its minutes take a courier, so the live estimate has places to measure between from the
 * first trip. A real chain's are learned from its couriers' deliveries.
 */
async function insertPlaces(
  trx: Transaction<Database>,
  branchId: number,
  point: { lat: number; lng: number },
  zoneIds: number[],
) {
  const updated_at = new Date().toISOString();
  // ~0.28 km per minute at a courier's 22 km/h through streets 1.35 times the straight line.
  const degreesPerMinute = 0.28 / 111;
  await trx
    .insertInto('places')
    .values([
      { kind: 'branch', ref_id: branchId, ...point, updated_at },
      ...zoneIds.map((zoneId, index) => {
        const angle = (2 * Math.PI * index) / zoneIds.length;
        const reach = demoZoneMinutes(index) * degreesPerMinute;
        return {
          kind: 'zone' as const,
          ref_id: zoneId,
          lat: point.lat + reach * Math.sin(angle),
          lng: point.lng + reach * Math.cos(angle),
          updated_at,
        };
      }),
    ])
    .execute();
}

/**
 * The demo's trip to each zone: a branch lists its zones nearest first, so the first three take
 * 15 minutes, the next three 20, and so on up to 30.
 */
export function demoZoneMinutes(index: number): number {
  return Math.min(30, 15 + 5 * Math.floor(index / 3));
}

/**
 * What the demo charges for each zone, so a delivery shows a fee, a minimum (`Te faltan $… para el
 * pedido mínimo`) and the banner's free delivery from $40.000 (demo-promotions.ts): the four
 * nearest zones of a branch are free and without minimum, the next two $4.000 from $20.000, the
 * farthest $6.000 from $30.000.
 */
export function demoZoneCharge(index: number): { fee: number; min_order: number } {
  if (index < 4) return { fee: 0, min_order: 0 };
  if (index < 6) return { fee: 4_000, min_order: 20_000 };
  return { fee: 6_000, min_order: 30_000 };
}

function branchId(ids: Map<string, number>, slug: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`Demo chain names an unknown branch: ${slug}`);
  return id;
}

async function insertMenu(
  trx: Transaction<Database>,
  chain: DemoChain,
  branchIds: Map<string, number>,
) {
  const modifierIds = new Map<string, number>();
  const modifierId = async (title: string) => {
    let id = modifierIds.get(title);
    if (id === undefined) {
      id = (
        await trx
          .insertInto('modifiers')
          .values({ title })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      modifierIds.set(title, id);
    }
    return id;
  };

  for (const [categoryPosition, category] of chain.categories.entries()) {
    const { id: categoryId } = await trx
      .insertInto('categories')
      .values({
        slug: category.slug,
        title: category.title,
        photo: category.photo,
        position: categoryPosition,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    for (const [position, product] of category.products.entries()) {
      const { id: productId } = await trx
        .insertInto('products')
        .values({
          category_id: categoryId,
          slug: product.slug,
          title: product.title,
          description: product.description,
          description_eco: product.description_eco,
          image: product.image,
          price: product.price,
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const branchState = new Map<
        number,
        { price: number | null; sold_out: number; offered: number }
      >();
      const state = (slug: string) => {
        const id = branchId(branchIds, slug);
        let row = branchState.get(id);
        if (!row) branchState.set(id, (row = { price: null, sold_out: 0, offered: 1 }));
        return row;
      };
      for (const [slug, price] of Object.entries(product.branchPrices ?? {}))
        state(slug).price = price;
      for (const slug of product.soldOutAt ?? []) state(slug).sold_out = 1;
      for (const slug of product.notOfferedAt ?? []) state(slug).offered = 0;
      if (branchState.size > 0) {
        await trx
          .insertInto('branch_products')
          .values(
            [...branchState].map(([id, row]) => ({ branch_id: id, product_id: productId, ...row })),
          )
          .execute();
      }

      for (const [groupPosition, group] of (product.groups ?? []).entries()) {
        const { id: groupId } = await trx
          .insertInto('modifier_groups')
          .values({
            product_id: productId,
            title: group.title,
            required: group.required ? 1 : 0,
            type_input: group.type_input,
            position: groupPosition,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [optionPosition, option] of group.options.entries()) {
          await trx
            .insertInto('modifier_options')
            .values({
              group_id: groupId,
              modifier_id: await modifierId(option.modifier ?? option.title),
              title: option.title,
              price: option.price,
              position: optionPosition,
            })
            .execute();
        }
      }
    }
  }
}

async function insertMarketing(
  trx: Transaction<Database>,
  chain: DemoChain,
  branchIds: Map<string, number>,
) {
  await trx
    .insertInto('banners')
    .values(
      chain.banners.map((banner, position) => ({
        title: banner.title,
        image: banner.image,
        position,
      })),
    )
    .execute();
  await trx
    .insertInto('payment_types')
    .values(
      chain.paymentTypes.map(({ description, kind }, index) => ({
        description,
        kind,
        position: index + 1,
      })),
    )
    .execute();
  await trx
    .insertInto('parameters')
    .values(
      chain.surveyParameters.map((description, position) => ({
        segment: 'survey',
        description,
        position,
      })),
    )
    .execute();
  for (const coupon of chain.coupons) {
    await trx
      .insertInto('coupons')
      .values({
        branch_id: branchId(branchIds, coupon.branch),
        title: coupon.title,
        description: coupon.description,
        main_image: coupon.main_image,
        confirmation_image: coupon.confirmation_image,
      })
      .execute();
  }
}

/**
 * The demo menu's allergens and dietary tags (demo-dietary.ts). A database seeded before
 * migration 039 (the migration tests seed older schemas) has no such columns: it gets none.
 */
async function tagDemoProducts(trx: Transaction<Database>) {
  const products = (await trx.introspection.getTables()).find((table) => table.name === 'products');
  if (!products?.columns.some((column) => column.name === 'allergens')) return;
  for (const [slug, marks] of Object.entries(DEMO_DIETARY))
    await trx
      .updateTable('products')
      .set({
        allergens: JSON.stringify(marks.allergens ?? []),
        tags: JSON.stringify(marks.tags ?? []),
      })
      .where('slug', '=', slug)
      .execute();
}

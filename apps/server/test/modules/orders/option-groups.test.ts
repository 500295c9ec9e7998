import {
  confirmCartAnswer,
  productResponse,
  type ConfirmCartAnswer,
  type Product,
} from '@comanda/shared';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';

/**
 * The group kinds the demo chain does not have yet: an optional single choice and a required
 * multiple choice, on a product written straight into the test database. Orders go through the
 * real socket, so this is the server's own reading of the shared option rule.
 */

let t: TestApp;
let url: string;
let token: string;
let branchId: number;
let wings: Product;
const sockets: Socket[] = [];

const PRICE = 20000;
const DRINKS = [
  ['Gaseosa', 3000],
  ['Limonada', 4000],
] as const;
const SAUCES = [
  ['BBQ', 1000],
  ['Miel mostaza', 1500],
  ['Picante', 0],
] as const;

async function insertWings(): Promise<string> {
  const { db } = t.database;
  const slug = `alitas-${randomUUID().slice(0, 8)}`;
  const category = await db
    .selectFrom('categories')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: productId } = await db
    .insertInto('products')
    .values({
      category_id: category.id,
      slug,
      title: 'Alitas',
      description: 'x',
      description_eco: 'x',
      image: '/images/x.webp',
      price: PRICE,
      position: 99,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = async (
    title: string,
    required: number,
    type_input: number,
    position: number,
    options: readonly (readonly [string, number])[],
  ) => {
    const { id: groupId } = await db
      .insertInto('modifier_groups')
      .values({ product_id: productId, title, required, type_input, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, [optionTitle, price]] of options.entries()) {
      const { id: modifierId } = await db
        .insertInto('modifiers')
        .values({ title: `${slug} ${optionTitle}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('modifier_options')
        .values({
          group_id: groupId,
          modifier_id: modifierId,
          title: optionTitle,
          price,
          position: index,
        })
        .execute();
    }
  };
  await group('Bebida', 0, 1, 0, DRINKS);
  await group('Salsas', 1, 2, 1, SAUCES);
  return slug;
}

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
  });
  token = login.json().access_token as string;
  const branches = (await t.app.inject('/api/branch-office')).json().results as {
    id: number;
    opening_hours: { opens: string; closes: string }[];
  }[];
  branchId = branches.find(
    (b) =>
      b.opening_hours.length === 7 &&
      b.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
  )!.id;
  const slug = await insertWings();
  wings = productResponse.parse(
    (await t.app.inject(`/api/products/${slug}/${branchId}`)).json(),
  ).results;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

/** A cart line choosing the named options; the price and total sent are deliberately wrong. */
function line(chosen: string[]) {
  return {
    _id: randomUUID(),
    ...wings,
    quantity: 1,
    total: 1,
    modifier_group: wings.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option) => ({
        ...option,
        selected: chosen.includes(option.title),
      })),
    })),
  };
}

async function place(chosen: string[]): Promise<ConfirmCartAnswer> {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  const payload = {
    client_order_id: randomUUID(),
    branch_office: { id: branchId },
    payment: { id: 1 },
    form: { observation: '' },
    detail: [line(chosen)],
    delivery: 2,
  };
  return confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
}

async function countOrders() {
  const row = await t.database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function expectRefused(chosen: string[], text: RegExp) {
  const before = await countOrders();
  const answer = await place(chosen);
  expect(answer.status, JSON.stringify(answer)).toBe(false);
  if (answer.status) return;
  expect(answer.errors.detail?.join(' ')).toMatch(text);
  expect(await countOrders()).toBe(before);
}

async function expectPlaced(chosen: string[], total: number) {
  const answer = await place(chosen);
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  if (!answer.status) return;
  expect(answer.order.total).toBe(total);
  expect(answer.order.detail[0]!.options.map((o) => o.title).sort()).toEqual([...chosen].sort());
}

describe('option groups beyond the demo chain', () => {
  it('serves both groups as stored: an optional single choice and a required multiple choice', () => {
    expect(wings.modifier_group.map((g) => [g.title, g.required, g.type_input])).toEqual([
      ['Bebida', false, 1],
      ['Salsas', true, 2],
    ]);
  });

  it('optional single choice: two drinks are refused, none is accepted', async () => {
    await expectRefused(
      ['Gaseosa', 'Limonada', 'BBQ'],
      /En Bebida de Alitas solo puedes elegir una opción/,
    );
    await expectPlaced(['BBQ'], PRICE + 1000);
  });

  it('optional single choice: one drink adds its price', async () => {
    await expectPlaced(['Limonada', 'Picante'], PRICE + 4000);
  });

  it('required multiple choice: no sauce is refused, two are accepted and add to the price', async () => {
    await expectRefused([], /Elige una opción de Salsas para Alitas/);
    await expectRefused(['Gaseosa'], /Elige una opción de Salsas para Alitas/);
    // Not a size: the sauces add to the product's price instead of replacing it.
    await expectPlaced(['BBQ', 'Miel mostaza'], PRICE + 1000 + 1500);
  });
});

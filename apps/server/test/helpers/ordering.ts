import {
  confirmCartAnswer,
  productResponse,
  type ConfirmCartAnswer,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { App } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/dialect';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { confirmCart } from './sockets';

/** Logs a demo (or any) account in through the API; answers its access token. */
export async function login(app: App, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo branch with that slug. */
export async function branchBySlug(database: DatabaseHandle, slug: string) {
  return database.db
    .selectFrom('branches')
    .select(['id', 'title', 'slug'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
}

/** Opens a branch round the clock, so tests do not depend on the hour they run at. */
export async function openAllDay(database: DatabaseHandle, branchId: number) {
  await database.db.deleteFrom('branch_hours').where('branch_id', '=', branchId).execute();
  await database.db
    .insertInto('branch_hours')
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        branch_id: branchId,
        weekday,
        opens: '00:00',
        closes: '24:00',
      })),
    )
    .execute();
}

/** The first products available at the branch, as the storefront shows them (with their option groups). */
export async function availableProducts(
  app: App,
  database: DatabaseHandle,
  branchId: number,
  count = 2,
): Promise<Product[]> {
  const found: Product[] = [];
  for (const { slug } of await database.db
    .selectFrom('products')
    .select('slug')
    .orderBy('id')
    .execute()) {
    const product = productResponse.parse(
      (await app.inject(`/api/products/${slug}/${branchId}`)).json(),
    ).results;
    if (product.available) found.push(product);
    if (found.length === count) break;
  }
  return found;
}

/** A cart line choosing the first option of every required group; `note`: its note for the kitchen. */
export function cartItem(product: Product, quantity = 1, note?: string) {
  return {
    ...product,
    quantity,
    ...(note === undefined ? {} : { note }),
    modifier_group: product.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option, index) => ({
        ...option,
        selected: group.required && index === 0,
      })),
    })),
  };
}

export function orderPayload(
  branchId: number,
  items: ReturnType<typeof cartItem>[],
  overrides: Record<string, unknown> = {},
) {
  return {
    client_order_id: randomUUID(),
    branch_office: { id: branchId },
    payment: { id: 1 },
    form: { observation: '' },
    detail: items,
    delivery: 2,
    ...overrides,
  };
}

/** Places an order through a customer's socket; answers the order, or throws with the refusal. */
export async function place(
  socket: Socket,
  payload: ReturnType<typeof orderPayload>,
): Promise<PlacedOrder> {
  const answer = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  return answer.order;
}

/** Places an order expecting a refusal; answers the errors. */
export async function refused(
  socket: Socket,
  payload: ReturnType<typeof orderPayload>,
): Promise<Record<string, string[]>> {
  const answer = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
  if (answer.status) throw new Error(`placed order ${answer.order.id}, expected a refusal`);
  return answer.errors;
}

/** Resolves with every `event` heard within `ms`: for asserting that something did NOT arrive. */
export function collect<T>(socket: Socket, event: string, ms = 300): Promise<T[]> {
  const heard: T[] = [];
  const listener = (payload: T) => heard.push(payload);
  socket.on(event, listener);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(event, listener);
      resolve(heard);
    }, ms),
  );
}

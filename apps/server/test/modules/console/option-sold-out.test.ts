import {
  branchOptionResponse,
  branchProductListResponse,
  optionAvailabilityEventSchema,
  productResponse,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
  refused,
} from '../../helpers/ordering';
import { connected, listen, next, openSocket } from '../../helpers/sockets';

// "Sin aguacate hoy" (decision 050): an option sold out at one branch through the console, what
// every storefront hears, what the catalogue answers, and what placement then refuses.

let t: TestApp;
let url: string;
let campina: { id: number; title: string };
let chico: { id: number; title: string };
let tokens: { customer: string; campina: string; admin: string };
/** A product both branches sell with a required group: its first option is what cartItem picks. */
let product: Product;
let group: Product['modifier_group'][number];
const sockets: Socket[] = [];

const productAt = async (branchId: number) =>
  productResponse.parse((await t.app.inject(`/api/products/${product.slug}/${branchId}`)).json())
    .results;

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, campina.id);
  await openAllDay(t.database, chico.id);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  for (const candidate of await availableProducts(t.app, t.database, campina.id, 60)) {
    const required = candidate.modifier_group.find(
      (g) => g.required && g.modifiers_product.length >= 2,
    );
    if (!required) continue;
    product = candidate;
    group = required;
    if ((await productAt(chico.id)).available) break;
  }
  expect(group).toBeDefined();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('branch_sold_out_options').execute();
  await t.app.catalogEvents.publish({ type: 'catalog' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function socketFor(token: string | null) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const put = (token: string, branchId: number, optionId: number, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/staff/branches/${branchId}/options/${optionId}/availability`,
    headers: bearer(token),
    payload: payload as object,
  });

const soldOutRows = () => t.database.db.selectFrom('branch_sold_out_options').selectAll().execute();

describe('an option sold out at a branch', () => {
  it('is switched by the branch staff: every storefront hears it, the catalogue marks it, placement refuses it there only', async () => {
    const option = group.modifiers_product[0]!;
    const storefront = await socketFor(null);
    const customer = await socketFor(tokens.customer);
    expect((await productAt(campina.id)).modifier_group[0]!.modifiers_product[0]!.sold_out).toBe(
      false,
    );

    const heard = next<unknown>(storefront, 'option-availability');
    const res = await put(tokens.campina, campina.id, option.id, { sold_out: true });
    expect(res.statusCode).toBe(200);
    expect(branchOptionResponse.parse(res.json()).results).toEqual({
      option_id: option.id,
      product_id: product.id,
      group: group.title,
      title: option.title,
      sold_out: true,
    });
    expect(optionAvailabilityEventSchema.parse(await heard)).toEqual({
      branch_id: campina.id,
      product_id: product.id,
      option_id: option.id,
      sold_out: true,
    });

    // The cached answer was dropped: the product page marks the option, at that branch only.
    const marked = (p: Product) =>
      p.modifier_group
        .flatMap((g) => g.modifiers_product)
        .filter((o) => o.sold_out)
        .map((o) => o.id);
    expect(marked(await productAt(campina.id))).toEqual([option.id]);
    expect((await productAt(campina.id)).available).toBe(true);
    expect(marked(await productAt(chico.id))).toEqual([]);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'branch_id', 'summary'])
      .where('entity', '=', 'branch_option')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'sold_out',
      entity_id: String(option.id),
      branch_id: campina.id,
    });
    expect(audit.summary).toBe(`${option.title} (${product.title}) en Campiña: agotado`);

    // cartItem picks the first option of every required group: the sold-out one.
    expect((await refused(customer, orderPayload(campina.id, [cartItem(product)]))).detail).toEqual(
      [`${option.title} está agotado en Campiña hoy.`],
    );
    await place(customer, orderPayload(chico.id, [cartItem(product)]));

    const back = await put(tokens.campina, campina.id, option.id, { sold_out: false });
    expect(branchOptionResponse.parse(back.json()).results.sold_out).toBe(false);
    expect(await soldOutRows()).toEqual([]);
    await place(customer, orderPayload(campina.id, [cartItem(product)]));
  });

  it('makes the product sold out when a required group has no option left', async () => {
    for (const option of group.modifiers_product)
      expect(
        (await put(tokens.campina, campina.id, option.id, { sold_out: true })).statusCode,
      ).toBe(200);
    expect(await productAt(campina.id)).toMatchObject({
      available: false,
      unavailable_reason: 'sold_out',
    });
    expect((await productAt(chico.id)).available).toBe(true);
  });

  it("lists each product's options with their switches", async () => {
    const option = group.modifiers_product[1]!;
    await put(tokens.campina, campina.id, option.id, { sold_out: true });
    const res = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/products`,
      headers: bearer(tokens.campina),
    });
    const listed = branchProductListResponse
      .parse(res.json())
      .results.find((p) => p.product_id === product.id)!;
    expect(listed.options.map((o) => o.option_id)).toEqual(
      product.modifier_group.flatMap((g) => g.modifiers_product.map((o) => o.id)),
    );
    expect(listed.options.filter((o) => o.sold_out).map((o) => o.option_id)).toEqual([option.id]);
  });

  it("refuses another branch's staff (403), unknown options (404) and bad bodies (400), in Spanish, and changes nothing", async () => {
    const option = group.modifiers_product[0]!;
    expect((await put(tokens.campina, chico.id, option.id, { sold_out: true })).statusCode).toBe(
      403,
    );
    expect((await put(tokens.customer, campina.id, option.id, { sold_out: true })).statusCode).toBe(
      403,
    );
    const unknown = await put(tokens.campina, campina.id, 999999, { sold_out: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No encontramos esa opción.');
    const bad = await put(tokens.campina, campina.id, option.id, { sold_out: 'si' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sold_out).toEqual([
      'Indica si el producto está agotado (true o false).',
    ]);
    expect(await soldOutRows()).toEqual([]);
    // An admin may switch any branch.
    expect((await put(tokens.admin, chico.id, option.id, { sold_out: true })).statusCode).toBe(200);
  });
});

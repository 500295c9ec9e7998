import { TEXT_MESSAGES, addDays, type ConfirmCartAnswer, type Product } from '@comanda/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from './helpers/app';
import { confirmCart, connected, listen, openSocket } from './helpers/sockets';
import { todayOn } from './helpers/clock';

// Control characters in any text field are refused with a Spanish reason before anything reaches
// the database: PostgreSQL cannot store NUL at all (it answered 500 with a stack trace), and
// SQLite would keep text that cuts a name short on a kitchen ticket.

let t: TestApp;
let token: string;
let url: string;
let branchId: number;
let surveyId: number;

beforeAll(async () => {
  t = await buildTestApp({
    AUTH_RATE_LIMIT_PER_IP: 10_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    ORDER_RATE_LIMIT_PER_MINUTE: 10_000,
  });
  url = await listen(t.app);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
  });
  token = login.json().access_token;
  const branches = (await t.app.inject('/api/branch-office')).json().results as {
    id: number;
    slug: string;
  }[];
  branchId = branches.find((b) => b.slug === 'terminal-24h')!.id;
  surveyId = (await t.app.inject('/api/parameters-segment/survey')).json().results[0].id;
});
afterAll(() => t.close());

const SINGLE_LINE_BAD = ['\u0000', '\u0007', '\u001b[2J', '\u007f', '\u0085', '\n', '\r', '\t'];
const MULTI_LINE_BAD = ['\u0000', '\u0007', '\u001b[2J', '\u007f', '\r', '\u000b'];

type Table = 'users' | 'discount_signups' | 'courtesy_reservations' | 'addresses' | 'orders';
const count = async (table: Table) =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let serial = 0;
const n = () => String(++serial).padStart(4, '0');

interface Form {
  method: 'POST' | 'PUT';
  path: string | (() => Promise<string>);
  table: Table;
  body: () => Record<string, unknown>;
  fields: string[];
  multiline?: string[];
  /** Phone fields whose spaces, tabs and line breaks are dropped as digit-group separators. */
  separators?: string[];
  auth?: boolean;
}

const forms: Record<string, Form> = {
  login: {
    method: 'POST',
    path: '/api/login',
    table: 'users',
    body: () => ({ email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD }),
    fields: ['email_login', 'password_login'],
  },
  register: {
    method: 'POST',
    path: '/api/register',
    table: 'users',
    body: () => {
      const i = n();
      return {
        name: 'Ana',
        email: `cc${i}@ejemplo.co`,
        phone: `319000${i}`,
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      };
    },
    fields: ['name', 'email', 'phone', 'password', 'password_confirmation'],
  },
  discount: {
    method: 'POST',
    path: '/api/discount',
    table: 'discount_signups',
    body: () => {
      const email = `dc${n()}@ejemplo.co`;
      return {
        name: 'Ana',
        phone: '3001234567',
        email,
        confirmation: email,
        address: 'Cra. 7 #72-41',
        source_id: surveyId,
        branch_id: branchId,
      };
    },
    fields: ['name', 'phone', 'email', 'address'],
    separators: ['phone'],
  },
  courtesy: {
    method: 'POST',
    path: '/api/courtesy-validate',
    table: 'courtesy_reservations',
    body: () => ({
      name: 'Julián',
      phone: `300555${n()}`,
      branch_id: branchId,
      date_reservation: addDays(todayOn(t.clock), 1),
    }),
    fields: ['name', 'phone', 'date_reservation'],
    separators: ['phone'],
  },
  'new address': {
    method: 'POST',
    path: '/api/addresses',
    table: 'addresses',
    auth: true,
    body: () => ({
      label: 'Casa',
      address: 'Cl. 1 #2-3',
      neighbourhood: 'Chapinero',
      city: 'Bogotá',
      notes: 'Timbre dañado',
    }),
    fields: ['label', 'address', 'neighbourhood', 'city'],
    multiline: ['notes'],
  },
  'changed address': {
    method: 'PUT',
    path: async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: { authorization: `Bearer ${token}` },
        payload: { label: 'Oficina', address: 'Cl. 9', neighbourhood: 'Chapinero', city: 'Bogotá' },
      });
      return `/api/addresses/${created.json().results.id}`;
    },
    table: 'addresses',
    auth: true,
    body: () => ({
      label: 'Casa',
      address: 'Cl. 1 #2-3',
      neighbourhood: 'Chapinero',
      city: 'Bogotá',
      notes: '',
    }),
    fields: ['label', 'address', 'neighbourhood', 'city'],
    multiline: ['notes'],
  },
};

const pathOf = (form: Form) => (typeof form.path === 'string' ? form.path : form.path());

async function send(form: Form, body: Record<string, unknown>, path?: string) {
  return t.app.inject({
    method: form.method,
    url: path ?? (await pathOf(form)),
    headers: form.auth ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });
}

describe.each(Object.entries(forms))('%s', (_, form) => {
  it('is accepted as it is (the control for the cases below)', async () => {
    expect((await send(form, form.body())).statusCode).toBeLessThan(300);
  });

  it.each(form.fields)(
    'refuses control characters in %s with a 400 in Spanish, storing nothing',
    async (field) => {
      const whitespace = /^\s$/;
      for (const bad of SINGLE_LINE_BAD.filter(
        (c) => !(form.separators?.includes(field) && whitespace.test(c)),
      )) {
        const body = form.body();
        // Inside the text: a line break at either end is only trimmed away, as any other space.
        body[field] = `${String(body[field]).slice(0, 1)}${bad}${String(body[field]).slice(1)}`;
        if (field === 'email' && 'confirmation' in body) body.confirmation = body.email;
        if (field === 'password') body.password_confirmation = body.password;
        const path = await pathOf(form);
        const before = await count(form.table);
        const res = await send(form, body, path);
        expect(res.statusCode, `${field} ${JSON.stringify(bad)}: ${res.body}`).toBe(400);
        expect(
          JSON.stringify(res.json().errors ?? {}),
          `${field} ${JSON.stringify(bad)}`,
        ).toContain(field);
        expect(await count(form.table)).toBe(before);
      }
    },
  );

  if (form.multiline) {
    it.each(form.multiline)(
      'keeps line breaks and tabs in %s but refuses other control characters',
      async (field) => {
        const body = form.body();
        body[field] = 'Timbre dañado.\nLlamar al llegar:\tportería';
        const kept = await send(form, body);
        expect(kept.statusCode, kept.body).toBeLessThan(300);
        expect(kept.json().results[field]).toBe('Timbre dañado.\nLlamar al llegar:\tportería');
        for (const bad of MULTI_LINE_BAD) {
          const refused = await send(form, { ...form.body(), [field]: `Tim${bad}bre` });
          expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
          expect(refused.json().errors[field]).toEqual([TEXT_MESSAGES.controlCharsMultiline]);
        }
      },
    );
  }
});

it('says why in Spanish', async () => {
  const res = await send(forms.register!, { ...forms.register!.body(), name: 'Ana\u0000' });
  expect(res.json().errors.name).toEqual([TEXT_MESSAGES.controlChars]);
  const marketing = await send(forms.discount!, {
    ...forms.discount!.body(),
    address: 'Cra. 7\u0000',
  });
  expect(marketing.json()).toMatchObject({
    status: false,
    errors: { address: [TEXT_MESSAGES.controlChars] },
  });
});

describe('the order observation over the socket', () => {
  it('refuses control characters with status false and a reason, keeps line breaks, and stores nothing refused', async () => {
    const product = (
      await t.app.inject(`/api/products/${await plainProductSlug()}/${branchId}`)
    ).json().results as Product;
    const socket = openSocket(url, token);
    try {
      await connected(socket);
      const order = (observation: string) => ({
        client_order_id: randomUUID(),
        branch_office: { id: branchId },
        payment: { id: 1 },
        form: { observation },
        detail: [{ ...product, quantity: 1 }],
        delivery: 2,
      });
      for (const bad of MULTI_LINE_BAD) {
        const before = await count('orders');
        const answer = await confirmCart<ConfirmCartAnswer>(socket, order(`Sin${bad} cebolla`));
        expect(answer.status, JSON.stringify(bad)).toBe(false);
        if (!answer.status)
          expect(answer.errors.form).toEqual([TEXT_MESSAGES.controlCharsMultiline]);
        expect(await count('orders')).toBe(before);
      }
      const kept = await confirmCart<ConfirmCartAnswer>(
        socket,
        order('Sin cebolla.\nTimbre dañado'),
      );
      expect(kept.status, JSON.stringify(kept)).toBe(true);
      if (kept.status) expect(kept.order.observation).toBe('Sin cebolla.\nTimbre dañado');
    } finally {
      socket.disconnect();
    }
  });
});

/** A product sold at the branch with no option groups, so a cart line needs nothing chosen. */
async function plainProductSlug(): Promise<string> {
  const rows = await t.database.db.selectFrom('products').select('slug').orderBy('id').execute();
  for (const { slug } of rows) {
    const product = (await t.app.inject(`/api/products/${slug}/${branchId}`)).json()
      .results as Product;
    if (product.available && product.modifier_group.every((g) => !g.required)) return slug;
  }
  throw new Error('no plain product');
}

describe('the reason staff give when rejecting an order', () => {
  it('refuses control characters with a 400 in Spanish and leaves the order as it was', async () => {
    const product = (
      await t.app.inject(`/api/products/${await plainProductSlug()}/${branchId}`)
    ).json().results as Product;
    const socket = openSocket(url, token);
    let orderId: number;
    try {
      await connected(socket);
      const answer = await confirmCart<ConfirmCartAnswer>(socket, {
        client_order_id: randomUUID(),
        branch_office: { id: branchId },
        payment: { id: 1 },
        form: { observation: '' },
        detail: [{ ...product, quantity: 1 }],
        delivery: 2,
      });
      if (!answer.status) throw new Error(JSON.stringify(answer));
      orderId = answer.order.id;
    } finally {
      socket.disconnect();
    }
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: 'staff@comanda.test', password_login: DEMO_PASSWORD },
    });
    const reject = (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${orderId}/status`,
        headers: { authorization: `Bearer ${staff.json().access_token}` },
        payload: { status: 'rejected', reason },
      });
    const statusOf = async () =>
      (
        await t.database.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).status;

    for (const bad of SINGLE_LINE_BAD) {
      const res = await reject(`Cocina${bad} cerrada`);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors.reason).toEqual([TEXT_MESSAGES.controlChars]);
      expect(await statusOf()).toBe('received');
    }
    expect((await reject('Cocina cerrada')).statusCode).toBe(200);
    expect(await statusOf()).toBe('rejected');
  });
});

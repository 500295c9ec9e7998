import {
  addressListResponse,
  addressResponse,
  authResponse,
  cartHistoryResponse,
  favoriteListResponse,
  productResponse,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from '../../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as Json } : {}),
  });

let counter = 0;
/** A fresh customer with its own token. */
async function register(overrides: Json = {}) {
  counter += 1;
  const body = {
    name: `Cliente ${counter}`,
    email: `cliente${counter}-${Date.now()}@ejemplo.co`,
    phone: `31${String(Date.now() + counter).slice(-8)}`,
    password: 'una-clave-segura',
    password_confirmation: 'una-clave-segura',
    ...overrides,
  };
  const res = await call('POST', '/api/register', { body });
  expect(res.statusCode, res.body).toBe(200);
  return { ...authResponse.parse(res.json()), body };
}

async function loginDemo() {
  const res = await call('POST', '/api/login', {
    body: { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return authResponse.parse(res.json());
}

describe('POST /api/login', () => {
  it('logs in with the email and answers an opaque token and the user', async () => {
    const { access_token, user } = await loginDemo();
    expect(access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.email).toBe('cliente@comanda.test');
    expect(user).not.toHaveProperty('password_hash');
    const me = await call('GET', '/api/me', { token: access_token });
    expect(me.json().user.email).toBe('cliente@comanda.test');
  });

  it('logs in with the phone number too', async () => {
    const { body } = await register();
    const res = await call('POST', '/api/login', {
      body: { email_login: body.phone, password_login: body.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(body.email);
  });

  it("answers missing fields with the contract's messages, keyed by field", async () => {
    const res = await call('POST', '/api/login', { body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email_login: ['El numero de telefono o email es requerido'],
      password_login: ['El password es requerido'],
    });
    const blank = await call('POST', '/api/login', {
      body: { email_login: '   ', password_login: '' },
    });
    expect(blank.json().errors).toEqual({
      email_login: ['El numero de telefono o email es requerido'],
      password_login: ['El password es requerido'],
    });
  });

  it('answers a wrong password and an unknown account alike, without saying which', async () => {
    const wrong = await call('POST', '/api/login', {
      body: { email_login: 'cliente@comanda.test', password_login: 'nope' },
    });
    const unknown = await call('POST', '/api/login', {
      body: { email_login: 'nadie@comanda.test', password_login: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors.password_login).toEqual([
      'El usuario o el password no son correctos',
    ]);
  });

  it.each([
    ['numbers instead of text', { email_login: 12345, password_login: 678 }],
    ['an array', [1, 2]],
    ['an oversized login', { email_login: `${'a'.repeat(300)}@x.co`, password_login: 'x' }],
  ])('answers %s with 400', async (_, body) => {
    const res = await call('POST', '/api/login', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('answers malformed JSON with 400, not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email_login": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El contenido enviado no es válido.');
  });
});

describe('POST /api/register', () => {
  it('creates the account and logs it in', async () => {
    const { access_token, body } = await register();
    const me = await call('GET', '/api/me', { token: access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: body.email, phone: body.phone, name: body.name });
  });

  it('stores the email in lower case so a login in any case finds it', async () => {
    const { body } = await register({ email: `Mayus${Date.now()}@Ejemplo.CO` });
    const res = await call('POST', '/api/login', {
      body: { email_login: body.email.toUpperCase(), password_login: body.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a taken email or phone without saying which, and tells the owner by email', async () => {
    const first = await register();
    const res = await call('POST', '/api/register', {
      body: { ...first.body, name: 'Otra persona' },
    });
    expect(res.statusCode).toBe(400);
    const refusal =
      'No pudimos crear una cuenta con este email o este celular. Si ya tienes una, inicia sesión o usa «¿Olvidaste tu contraseña?».';
    expect(res.json()).toEqual({
      message: refusal,
      errors: { email: [refusal], phone: [refusal] },
    });
    // The same for the phone alone, and for the email alone.
    for (const other of [
      { email: `otra-${Date.now()}@ejemplo.co` },
      { phone: `31${String(Date.now()).slice(-8)}` },
    ]) {
      const again = await call('POST', '/api/register', { body: { ...first.body, ...other } });
      expect(again.json()).toEqual(res.json());
    }
    // The owner is told, once however often someone tries.
    const notices = await t.app.mail.list(1000);
    const told = notices.filter(
      (message) =>
        message.to_address === first.body.email && message.kind === 'registration-attempt',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(
      'Alguien intentó crear una cuenta con tu correo en La Brasa Dorada',
    );
    expect(told[0]!.text_body).toContain('No creamos ninguna: ya tienes una cuenta con él.');
  });

  it('says a weak password first, and nothing of a taken email with it', async () => {
    const first = await register();
    const res = await call('POST', '/api/register', {
      body: { ...first.body, password: '12345678', password_confirmation: '12345678' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['password']);
  });

  it.each([
    ['an 11-digit phone', { phone: '30012345678' }, 'phone'],
    ['a phone with letters', { phone: '300abc4567' }, 'phone'],
    ['a bad email', { email: 'no-es-un-email' }, 'email'],
    ['a short password', { password: 'corta', password_confirmation: 'corta' }, 'password'],
    [
      'a mismatched confirmation',
      { password_confirmation: 'otra-cosa-distinta' },
      'password_confirmation',
    ],
    ['a missing name', { name: '' }, 'name'],
    ['an oversized name', { name: 'x'.repeat(500) }, 'name'],
  ])('refuses %s, storing nothing', async (_, overrides, field) => {
    const email = `rechazo-${field}-${Date.now()}@ejemplo.co`;
    const res = await call('POST', '/api/register', {
      body: {
        name: 'Ana',
        email,
        phone: '3109876543',
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
        ...overrides,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    const login = await call('POST', '/api/login', {
      body: { email_login: email, password_login: 'una-clave-segura' },
    });
    expect(login.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('revokes the token on logout', async () => {
    const { access_token } = await register();
    expect((await call('POST', '/api/logout', { token: access_token })).json()).toEqual({
      status: true,
    });
    const me = await call('GET', '/api/me', { token: access_token });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Tu sesión expiró. Inicia sesión de nuevo.');
  });

  it('refuses a forged, malformed or missing token', async () => {
    for (const token of ['A'.repeat(43), 'not a token', "x' or '1'='1"]) {
      expect((await call('GET', '/api/me', { token })).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/me')).statusCode).toBe(401);
    const empty = await t.app.inject({ url: '/api/me', headers: { authorization: 'Bearer ' } });
    expect(empty.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { access_token, user } = await register();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await call('GET', '/api/me', { token: access_token })).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const { access_token, user } = await register();
    const rows = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(access_token);
  });
});

describe('favourites', () => {
  it('toggles a product, lists it, and shows it as favourite only to its owner', async () => {
    const alice = await register();
    const bob = await register();
    const branches = (await call('GET', '/api/branch-office')).json().results as { id: number }[];
    const category = (await call('GET', '/api/category-client')).json().results[0];
    const product = (await call('GET', `/api/category/${category.slug}/${branches[0]!.id}`)).json()
      .results.products[0];

    const on = await call('PUT', `/api/favorites/${product.id}`, {
      token: alice.access_token,
      body: product,
    });
    expect(on.json()).toEqual({ status: true, favorite: true });
    const list = favoriteListResponse.parse(
      (await call('GET', '/api/favorites', { token: alice.access_token })).json(),
    );
    expect(list.results.map((p) => p.slug)).toEqual([product.slug]);

    const url = `/api/products/${product.slug}/${branches[0]!.id}`;
    expect(
      productResponse.parse((await call('GET', url, { token: alice.access_token })).json()).results
        .favorite,
    ).toEqual({ id: product.id });
    expect(
      productResponse.parse((await call('GET', url, { token: bob.access_token })).json()).results
        .favorite,
    ).toBeNull();
    const anonymous = await call('GET', url);
    expect(productResponse.parse(anonymous.json()).results.favorite).toBeNull();
    expect(anonymous.headers.vary).toContain('Authorization');
    expect(
      (await call('GET', '/api/favorites', { token: bob.access_token })).json().results,
    ).toEqual([]);

    const off = await call('PUT', `/api/favorites/${product.id}`, { token: alice.access_token });
    expect(off.json()).toEqual({ status: true, favorite: false });
    expect(
      (await call('GET', '/api/favorites', { token: alice.access_token })).json().results,
    ).toEqual([]);
  });

  it('needs a login, a real product and a valid id', async () => {
    const { access_token } = await register();
    expect((await call('GET', '/api/favorites')).statusCode).toBe(401);
    expect((await call('PUT', '/api/favorites/1')).statusCode).toBe(401);
    expect((await call('PUT', '/api/favorites/999999', { token: access_token })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/api/favorites/abc', { token: access_token })).statusCode).toBe(400);
  });
});

describe('addresses', () => {
  const home = {
    label: 'Casa',
    address: 'Cl. 100 #15-20',
    neighbourhood: 'Chicó Norte',
    city: 'Bogotá',
    notes: 'Portería',
  };

  it('lists, creates, updates and deletes the own addresses', async () => {
    const { access_token } = await register();
    expect(
      addressListResponse.parse(
        (await call('GET', '/api/addresses', { token: access_token })).json(),
      ).results,
    ).toEqual([]);
    const created = await call('POST', '/api/addresses', { token: access_token, body: home });
    expect(created.statusCode).toBe(201);
    const { results: address } = addressResponse.parse(created.json());
    expect(address).toMatchObject(home);

    const updated = await call('PUT', `/api/addresses/${address.id}`, {
      token: access_token,
      body: { ...home, label: 'Apartamento' },
    });
    expect(updated.json().results.label).toBe('Apartamento');
    expect(
      (await call('GET', '/api/addresses', { token: access_token })).json().results,
    ).toHaveLength(1);

    expect(
      (await call('DELETE', `/api/addresses/${address.id}`, { token: access_token })).json(),
    ).toEqual({ status: true });
    expect((await call('GET', '/api/addresses', { token: access_token })).json().results).toEqual(
      [],
    );
    expect(
      (await call('DELETE', `/api/addresses/${address.id}`, { token: access_token })).statusCode,
    ).toBe(404);
  });

  it('refuses incomplete or oversized addresses, storing nothing', async () => {
    const { access_token } = await register();
    const missing = await call('POST', '/api/addresses', {
      token: access_token,
      body: { label: 'Casa' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['address', 'city', 'neighbourhood']);
    const long = await call('POST', '/api/addresses', {
      token: access_token,
      body: { ...home, notes: 'x'.repeat(1000) },
    });
    expect(long.statusCode).toBe(400);
    expect((await call('GET', '/api/addresses', { token: access_token })).json().results).toEqual(
      [],
    );
  });

  it("never lets one customer read, change or delete another's address", async () => {
    const alice = await register();
    const mallory = await register();
    const { results: address } = addressResponse.parse(
      (await call('POST', '/api/addresses', { token: alice.access_token, body: home })).json(),
    );

    expect(
      (await call('GET', '/api/addresses', { token: mallory.access_token })).json().results,
    ).toEqual([]);
    const change = await call('PUT', `/api/addresses/${address.id}`, {
      token: mallory.access_token,
      body: { ...home, address: 'Otra' },
    });
    expect(change.statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/addresses/${address.id}`, { token: mallory.access_token }))
        .statusCode,
    ).toBe(404);

    const still = (await call('GET', '/api/addresses', { token: alice.access_token })).json()
      .results;
    expect(still).toEqual([address]);
  });
});

describe('GET /api/cart-history', () => {
  it("answers the demo customer's orders, newest first, in the contract's shape", async () => {
    const { access_token } = await loginDemo();
    const history = cartHistoryResponse.parse(
      (await call('GET', '/api/cart-history', { token: access_token })).json(),
    );
    expect(history.total).toBeGreaterThanOrEqual(3);
    const ids = history.results.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const order of history.results) {
      expect(order.branch_office.title).toBeTruthy();
      expect(order.type_delivery_text).toBe(order.type_delivery === 1 ? 'Recoger' : 'Domicilio');
      expect(order.total).toBe(order.detail.reduce((sum, line) => sum + line.total, 0));
      expect(order.quantity).toBe(order.detail.reduce((sum, line) => sum + line.quantity, 0));
    }
  });

  it('paginates', async () => {
    const { access_token } = await loginDemo();
    const all = cartHistoryResponse.parse(
      (await call('GET', '/api/cart-history?per_page=50', { token: access_token })).json(),
    );
    const second = cartHistoryResponse.parse(
      (await call('GET', '/api/cart-history?page=2&per_page=2', { token: access_token })).json(),
    );
    expect(second.page).toBe(2);
    expect(second.results.map((o) => o.id)).toEqual(all.results.slice(2, 4).map((o) => o.id));
  });

  it("shows nobody else's orders, and needs a valid token and query", async () => {
    const stranger = await register();
    expect(
      (await call('GET', '/api/cart-history', { token: stranger.access_token })).json().results,
    ).toEqual([]);
    expect((await call('GET', '/api/cart-history')).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/cart-history?page=abc', { token: stranger.access_token }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('GET', '/api/cart-history?per_page=1000', { token: stranger.access_token }))
        .statusCode,
    ).toBe(400);
  });
});

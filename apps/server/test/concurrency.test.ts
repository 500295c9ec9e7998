import { ACCOUNT_MESSAGES, marketingMessage } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from './helpers/app';
import { todayOn } from './helpers/clock';

// Requests that race for the same row: each must get a clear answer (never a 5xx), and what
// is stored must agree with what was answered. The limits are lifted: every request here
// comes from one address.
let t: TestApp;
let token: string;
const N = 20;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 100_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 100_000 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
  });
  token = res.json().access_token;
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${token}` });
const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('favourite toggles at once', () => {
  it('flip the favourite once each: no 5xx, and the final state matches the answers', async () => {
    const product = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('id', 'not in', t.database.db.selectFrom('favorites').select('product_id'))
      .executeTakeFirstOrThrow();
    const answers = await times(N, () =>
      t.app.inject({ method: 'PUT', url: `/api/favorites/${product.id}`, headers: auth() }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));

    const favourite = answers.map((a) => a.json().favorite as boolean);
    const added = favourite.filter(Boolean).length;
    const removed = favourite.length - added;
    const stored = await t.database.db
      .selectFrom('favorites')
      .select('product_id')
      .where('product_id', '=', product.id)
      .execute();
    // It started as no favourite: each add and each remove happened, in some order.
    expect(added - removed).toBe(stored.length);
    expect(stored.length).toBe(N % 2);
  });
});

describe('registrations at once', () => {
  const register = (email: string, phone: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Carrera',
        email,
        phone,
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      },
    });
  const usersWith = async (column: 'email' | 'phone', value: string) =>
    (await t.database.db.selectFrom('users').select('id').where(column, '=', value).execute())
      .length;

  it('with one email: one account, and everyone else is refused as a taken one is', async () => {
    const answers = await times(10, (i) =>
      register('carrera@ejemplo.co', `31600000${String(i).padStart(2, '0')}`),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.email).toEqual([ACCOUNT_MESSAGES.registrationRefused]);
    }
    expect(await usersWith('email', 'carrera@ejemplo.co')).toBe(1);
  });

  it('with one phone: one account, and everyone else is refused as a taken one is', async () => {
    const answers = await times(10, (i) => register(`celular${i}@ejemplo.co`, '3170000000'));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        email: [ACCOUNT_MESSAGES.registrationRefused],
        phone: [ACCOUNT_MESSAGES.registrationRefused],
      });
    }
    expect(await usersWith('phone', '3170000000')).toBe(1);
  });
});

describe('an address changed and deleted at once', () => {
  it('answers every change with the address or a 404, never a 5xx', async () => {
    for (let round = 0; round < 5; round++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: auth(),
        payload: {
          label: 'Casa',
          address: 'Cl. 1 #2-3',
          neighbourhood: 'Cedritos',
          city: 'Bogotá',
        },
      });
      const id = created.json().results.id as number;
      const change = (i: number) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/addresses/${id}`,
          headers: auth(),
          payload: {
            label: `Casa ${i}`,
            address: 'Cl. 1 #2-3',
            neighbourhood: 'Cedritos',
            city: 'Bogotá',
          },
        });
      // The delete is sent amid the changes, so some changes land before it and some after.
      const before = Array.from({ length: 5 }, (_, i) => change(i));
      const deleted = t.app.inject({
        method: 'DELETE',
        url: `/api/addresses/${id}`,
        headers: auth(),
      });
      const after = Array.from({ length: 5 }, (_, i) => change(5 + i));
      const changes = await Promise.all([...before, ...after]);
      expect((await deleted).statusCode).toBe(200);
      for (const answer of changes) {
        expect([200, 404], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 200) expect(answer.json().results.id).toBe(id);
      }
    }
  });
});

describe('marketing forms sent twice at once', () => {
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload });
  let branch: { id: number; title: string };
  let sourceId: number;
  beforeAll(async () => {
    branch = await t.database.db
      .selectFrom('branches')
      .select(['id', 'title'])
      .where('slug', '=', 'terminal-24h')
      .executeTakeFirstOrThrow();
    sourceId = (
      await t.database.db
        .selectFrom('parameters')
        .select('id')
        .where('segment', '=', 'survey')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('store one discount signup, answering every request alike', async () => {
    const email = 'doble@ejemplo.co';
    const body = {
      branch_id: branch.id,
      name: 'Doble',
      phone: '3180000000',
      email,
      confirmation: email,
      address: 'Cra. 7 #72-41',
      source_id: sourceId,
    };
    const answers = await times(10, () => post('/api/discount', body));
    for (const answer of answers)
      expect(answer.json()).toEqual({ status: true, error: null, errors: {} });
    const rows = await t.database.db
      .selectFrom('discount_signups')
      .select('id')
      .where('email', '=', 'doble@ejemplo.co')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('store one courtesy reservation per phone and day', async () => {
    const body = {
      branch_id: branch.id,
      name: 'Doble',
      phone: '3180000001',
      date_reservation: todayOn(t.clock),
    };
    const answers = await times(10, () => post('/api/courtesy-validate', body));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(marketingMessage.alreadyReserved(branch.title));
    }
    const rows = await t.database.db
      .selectFrom('courtesy_reservations')
      .select('id')
      .where('phone', '=', '3180000001')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('new slugs at once', () => {
  const EIGHT = 8;
  const asAdmin = async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: 'admin@comanda.test', password_login: DEMO_PASSWORD },
    });
    return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
  };
  /** Each answer is a 201 with the row; the slugs are all different and are the stored ones. */
  const expectEightSlugs = async (
    answers: { statusCode: number; body: string; json: () => unknown }[],
    table: 'products' | 'categories' | 'branches',
  ) => {
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body.slice(0, 200)).join('\n'),
    ).toEqual(Array(EIGHT).fill(201));
    const created = answers.map(
      (a) => (a.json() as { results: { id: number; slug: string } }).results,
    );
    expect(new Set(created.map((row) => row.slug)).size).toBe(EIGHT);
    const stored = await t.database.db
      .selectFrom(table)
      .select(['id', 'slug'])
      .where(
        'id',
        'in',
        created.map((row) => row.id),
      )
      .execute();
    expect(stored.map((row) => row.slug).sort()).toEqual(created.map((row) => row.slug).sort());
  };

  it('eight duplicates of one product: eight copies, each with its own slug, never a 5xx', async () => {
    const headers = await asAdmin();
    const product = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'hamburguesa-clasica')
      .executeTakeFirstOrThrow();
    const answers = await times(EIGHT, () =>
      t.app.inject({ method: 'POST', url: `/api/admin/products/${product.id}/duplicate`, headers }),
    );
    await expectEightSlugs(answers, 'products');
    const slugs = answers.map((a) => a.json<{ results: { slug: string } }>().results.slug);
    expect(slugs).toContain('hamburguesa-clasica-copia');
    expect(slugs).toContain(`hamburguesa-clasica-copia-${EIGHT}`);
  });

  it('eight products, categories and branches of one name: eight slugs each', async () => {
    const headers = await asAdmin();
    const category = await t.database.db
      .selectFrom('categories')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const product = {
      category_id: category.id,
      title: 'Arepa a la vez',
      description: '',
      description_eco: 'Arepa',
      price: 9000,
      image: '',
      modifier_group: [],
    };
    const branch = {
      title: 'Sede a la vez',
      address: 'Cl. 1 #2-3',
      phone: '6011234567',
      city: 'Bogotá',
      pickup_available: true,
      delivery_available: false,
      prep_minutes: 20,
    };
    const create = (url: string, payload: object) =>
      times(EIGHT, () => t.app.inject({ method: 'POST', url, headers, payload }));
    await expectEightSlugs(await create('/api/admin/products', product), 'products');
    await expectEightSlugs(
      await create('/api/admin/categories', { title: 'Ofertas a la vez', photo: '/images/x.webp' }),
      'categories',
    );
    await expectEightSlugs(await create('/api/admin/branches', branch), 'branches');
  });
});

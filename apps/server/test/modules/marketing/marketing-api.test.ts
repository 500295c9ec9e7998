import {
  MARKETING_MESSAGES,
  MESSAGES,
  RESERVATION_MAX_DAYS_AHEAD,
  addDays,
  authResponse,
  branchListResponse,
  courtesyReservationListResponse,
  discountSignupListResponse,
  marketingAnswerSchema,
  surveyParameterListResponse,
  weekdayOfDate,
  type Branch,
} from '@comanda/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { todayOn } from '../../helpers/clock';

let t: TestApp;
let branches: Branch[];
let surveyIds: number[];

beforeAll(async () => {
  // Far more submissions than a customer makes: the per-IP limit has its own test below.
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
  branches = branchListResponse.parse((await t.app.inject('/api/branch-office')).json()).results;
  surveyIds = surveyParameterListResponse
    .parse((await t.app.inject('/api/parameters-segment/survey')).json())
    .results.map((p) => p.id);
});
afterAll(() => t.close());

const branch = (slug: string) => {
  const found = branches.find((b) => b.slug === slug);
  if (!found) throw new Error(`no branch ${slug}`);
  return found;
};

type Json = Record<string, unknown>;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** The outbox's messages to an address, newest first. */
const mailTo = async (email: string) =>
  (await t.app.mail.list(1000)).filter((message) => message.to_address === email);

const countRows = async (table: 'discount_signups' | 'courtesy_reservations') => {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

let serial = 0;
const uniqueEmail = () => `cliente${++serial}-${Date.now()}@ejemplo.co`;
const uniquePhone = () => `31${String(Date.now() + ++serial).slice(-8)}`;

function discount(overrides: Json = {}): Json {
  const email = uniqueEmail();
  return {
    name: 'Ana María Gómez',
    phone: '3001234567',
    email,
    confirmation: email,
    address: 'Cra. 7 #72-41, Bogotá',
    source_id: surveyIds[0],
    branch_id: branch('campina').id,
    ...overrides,
  };
}

const today = () => todayOn(t.clock);

function courtesy(overrides: Json = {}): Json {
  return {
    name: 'Julián Ortiz',
    phone: uniquePhone(),
    branch_id: branch('terminal-24h').id,
    date_reservation: addDays(today(), 2),
    ...overrides,
  };
}

/** A refusal: status 400 in the contract's shape, and not one row more in the table. */
async function expectRefused(
  table: 'discount_signups' | 'courtesy_reservations',
  url: string,
  payload: unknown,
): Promise<{
  error: string | null;
  errors: Record<string, string[]>;
  message?: string | undefined;
}> {
  const before = await countRows(table);
  const res = await post(url, payload);
  expect(res.statusCode, res.body).toBe(400);
  const answer = marketingAnswerSchema.parse(res.json());
  expect(answer.status).toBe(false);
  // Like every error answer of the API, a refusal says something in `message` too.
  expect(answer.message).toBe(answer.error ?? MARKETING_MESSAGES.checkFields);
  expect(await countRows(table)).toBe(before);
  return answer;
}

const refuseDiscount = (payload: unknown) =>
  expectRefused('discount_signups', '/api/discount', payload);
const refuseCourtesy = (payload: unknown) =>
  expectRefused('courtesy_reservations', '/api/courtesy-validate', payload);

describe('POST /api/discount', () => {
  it('stores the signup for the branch and answers {status: true, error: null, errors: {}}', async () => {
    const before = await countRows('discount_signups');
    const body = discount({
      email: 'Ana.Gomez@Ejemplo.CO',
      confirmation: ' ana.gomez@ejemplo.co ',
      phone: '300 123 4567',
      source_id: String(surveyIds[1]),
    });
    const res = await post('/api/discount', body);
    expect(res.statusCode, res.body).toBe(200);
    // Campiña has an active coupon: its code goes to the email, never in the answer.
    expect(res.json()).toEqual({ status: true, error: null, errors: {} });
    expect(await countRows('discount_signups')).toBe(before + 1);
    const [mailed] = await mailTo('ana.gomez@ejemplo.co');
    const issued = await t.database.db
      .selectFrom('coupon_codes')
      .select('code')
      .where('email', '=', 'ana.gomez@ejemplo.co')
      .executeTakeFirstOrThrow();
    expect(issued.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(mailed).toMatchObject({
      kind: 'coupon-code',
      subject: 'Tu cupón de La Brasa Dorada Campiña',
    });
    expect(mailed!.text_body).toContain(issued.code);

    const row = await t.database.db
      .selectFrom('discount_signups')
      .selectAll()
      .where('email', '=', 'ana.gomez@ejemplo.co')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      branch_id: branch('campina').id,
      name: 'Ana María Gómez',
      phone: '3001234567',
      address: 'Cra. 7 #72-41, Bogotá',
      source_id: surveyIds[1],
    });
    expect(t.clock.now() - new Date(row.created_at).getTime()).toBeLessThan(60_000);
  });

  it("answers every missing field with the contract's messages, keyed by field", async () => {
    const { error, errors } = await refuseDiscount({});
    expect(error).toBeNull();
    expect(errors).toEqual({
      name: ['El nombre es requerido'],
      phone: ['El celular es requerido'],
      email: ['El email es requerido'],
      address: ['La dirección es requerido'],
      source_id: [MARKETING_MESSAGES.sourceRequired],
      branch_id: [MARKETING_MESSAGES.branchUnknown],
    });
  });

  it('treats blank text and a 0 choice as missing (the general form check)', async () => {
    const { errors } = await refuseDiscount(discount({ name: '   ', address: '', source_id: 0 }));
    expect(errors).toEqual({
      name: ['El nombre es requerido'],
      address: ['La dirección es requerido'],
      source_id: [MARKETING_MESSAGES.sourceRequired],
    });
  });

  it('refuses wrong types with a message per field, never a 500', async () => {
    const { errors } = await refuseDiscount(
      discount({
        name: 42,
        phone: { n: 1 },
        email: true,
        confirmation: ['x'],
        address: null,
        source_id: 'abc',
        branch_id: [1],
      }),
    );
    expect(errors).toEqual({
      name: ['El nombre es requerido'],
      phone: ['El celular es requerido'],
      email: ['El email es requerido'],
      address: ['La dirección es requerido'],
      source_id: [MARKETING_MESSAGES.sourceUnknown],
      branch_id: [MARKETING_MESSAGES.branchUnknown],
    });
    const fractional = await refuseDiscount(discount({ source_id: 1.5, branch_id: -3 }));
    expect(fractional.errors).toEqual({
      source_id: [MARKETING_MESSAGES.sourceUnknown],
      branch_id: [MARKETING_MESSAGES.branchUnknown],
    });
    const numericConfirmation = await refuseDiscount(
      discount({ email: 'ana@ejemplo.co', confirmation: 12345 }),
    );
    expect(numericConfirmation.errors).toEqual({
      confirmation: ['Confirmación no coincide con email'],
    });
  });

  it('checks the phone: at most 10 digits, digits only, and the Longitud minima rule', async () => {
    expect((await refuseDiscount(discount({ phone: '30012345678' }))).errors).toEqual({
      phone: ['El celular debe tener máximo 10 números'],
    });
    expect((await refuseDiscount(discount({ phone: 30012345678 }))).errors).toEqual({
      phone: ['El celular debe tener máximo 10 números'],
    });
    expect((await refuseDiscount(discount({ phone: '300123456' }))).errors).toEqual({
      phone: ['Longitud minima 10'],
    });
    expect((await refuseDiscount(discount({ phone: '300-ABC-4567' }))).errors).toEqual({
      phone: [MARKETING_MESSAGES.phoneDigits],
    });
    expect((await refuseDiscount(discount({ phone: '12345' }))).errors).toEqual({
      phone: [MARKETING_MESSAGES.phoneTooShort],
    });
  });

  it("refuses a confirmation that does not match the email ('Confirmación no coincide con email')", async () => {
    const { errors } = await refuseDiscount(
      discount({ email: 'ana@ejemplo.co', confirmation: 'ana@ejemplo.com' }),
    );
    expect(errors).toEqual({ confirmation: ['Confirmación no coincide con email'] });
    const missing = await refuseDiscount(
      discount({ email: 'ana@ejemplo.co', confirmation: undefined }),
    );
    expect(missing.errors).toEqual({ confirmation: ['Confirmación no coincide con email'] });
  });

  it('reports a mismatched confirmation together with the other mistakes', async () => {
    const { errors } = await refuseDiscount(
      discount({ name: '', email: 'ana@ejemplo.co', confirmation: 'otra@ejemplo.co' }),
    );
    expect(errors).toEqual({
      name: ['El nombre es requerido'],
      confirmation: ['Confirmación no coincide con email'],
    });
  });

  it('refuses an email that is not one', async () => {
    const { errors } = await refuseDiscount(
      discount({ email: 'ana-arroba-ejemplo', confirmation: 'ana-arroba-ejemplo' }),
    );
    expect(errors).toEqual({ email: [MARKETING_MESSAGES.emailInvalid] });
  });

  it('refuses oversized strings with a field message, and an oversized body as a whole', async () => {
    const long = (n: number) => 'a'.repeat(n);
    const email = `${long(250)}@x.co`;
    const { errors } = await refuseDiscount(
      discount({ name: long(121), address: long(201), email, confirmation: email }),
    );
    expect(errors).toEqual({
      name: [MARKETING_MESSAGES.tooLong],
      address: [MARKETING_MESSAGES.tooLong],
      email: [MARKETING_MESSAGES.tooLong],
    });
    // At the limits, all is well.
    const okEmail = `${long(120)}@ejemplo.co`;
    const res = await post(
      '/api/discount',
      discount({ name: long(120), address: long(200), email: okEmail, confirmation: okEmail }),
    );
    expect(res.statusCode, res.body).toBe(200);

    const before = await countRows('discount_signups');
    const huge = await post('/api/discount', discount({ name: long(200_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: MESSAGES.bodyTooLarge });
    expect(await countRows('discount_signups')).toBe(before);
  });

  it('refuses an unknown or inactive branch and an answer that is not in the survey', async () => {
    expect((await refuseDiscount(discount({ branch_id: 999_999 }))).errors).toEqual({
      branch_id: [MARKETING_MESSAGES.branchUnknown],
    });
    expect((await refuseDiscount(discount({ source_id: 999_999 }))).errors).toEqual({
      source_id: [MARKETING_MESSAGES.sourceUnknown],
    });

    const granada = branch('granada').id;
    await t.database.db
      .updateTable('branches')
      .set({ active: 0 })
      .where('id', '=', granada)
      .execute();
    try {
      expect((await refuseDiscount(discount({ branch_id: granada }))).errors).toEqual({
        branch_id: [MARKETING_MESSAGES.branchUnknown],
      });
    } finally {
      await t.database.db
        .updateTable('branches')
        .set({ active: 1 })
        .where('id', '=', granada)
        .execute();
    }
  });

  it('answers a second signup of the same email at the same branch as the first, and mails its owner the code again', async () => {
    const first = discount({ email: 'repetido@ejemplo.co', confirmation: 'repetido@ejemplo.co' });
    const answered = await post('/api/discount', first);
    expect(answered.statusCode).toBe(200);
    const before = await countRows('discount_signups');

    const again = await post('/api/discount', {
      ...first,
      email: 'REPETIDO@ejemplo.co',
      confirmation: 'repetido@ejemplo.co',
      name: 'Otra persona',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(answered.json());
    expect(await countRows('discount_signups')).toBe(before);
    const { code } = await t.database.db
      .selectFrom('coupon_codes')
      .select('code')
      .where('email', '=', 'repetido@ejemplo.co')
      .executeTakeFirstOrThrow();
    const [reminder, issued] = await mailTo('repetido@ejemplo.co');
    expect(issued!.text_body).toContain(code);
    expect(reminder!.subject).toBe('Ya estás inscrito al cupón de La Brasa Dorada Campiña');
    expect(reminder!.text_body).toContain(code);
    // Once an hour at most, however often the form is sent.
    expect((await post('/api/discount', first)).json()).toEqual(answered.json());
    expect(await mailTo('repetido@ejemplo.co')).toHaveLength(2);

    // The same email may sign up at another branch.
    const elsewhere = await post('/api/discount', { ...first, branch_id: branch('chico').id });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps one signup when the same email races itself', async () => {
    const body = discount();
    const answers = await Promise.all([
      post('/api/discount', body),
      post('/api/discount', body),
      post('/api/discount', body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.db
      .selectFrom('discount_signups')
      .select('id')
      .where('email', '=', body.email as string)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers a body that is not a form in the same shape, and one that is not JSON with {message}', async () => {
    for (const payload of [[], 'null', '"hola"', 42]) {
      const { error, errors } = await refuseDiscount(
        typeof payload === 'string' ? payload : JSON.stringify(payload),
      );
      expect(error).toBe(MARKETING_MESSAGES.invalidBody);
      expect(errors).toEqual({});
    }
    const before = await countRows('discount_signups');
    const broken = await post('/api/discount', '{"name": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: MESSAGES.invalidBody });
    expect(await countRows('discount_signups')).toBe(before);
  });
});

describe('POST /api/courtesy-validate', () => {
  it('stores the reservation for the branch and day', async () => {
    const before = await countRows('courtesy_reservations');
    const body = courtesy({ phone: '300 765 4321', date_reservation: today() });
    const res = await post('/api/courtesy-validate', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, error: null, errors: {} });
    expect(await countRows('courtesy_reservations')).toBe(before + 1);
    const row = await t.database.db
      .selectFrom('courtesy_reservations')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      branch_id: branch('terminal-24h').id,
      name: 'Julián Ortiz',
      phone: '3007654321',
      date_reservation: today(),
    });
  });

  it("answers missing fields with the contract's messages (the date's on date_reservation)", async () => {
    const { error, errors } = await refuseCourtesy({});
    expect(error).toBeNull();
    expect(errors).toEqual({
      name: ['El nombre es requerido'],
      phone: ['El celular es requerido'],
      branch_id: [MARKETING_MESSAGES.branchUnknown],
      date_reservation: ['La fecha de registro es requerido'],
    });
  });

  it('refuses wrong types, an 11-digit phone and dates that are not dates', async () => {
    expect(
      (
        await refuseCourtesy(
          courtesy({ name: ['x'], phone: false, branch_id: 'uno', date_reservation: 20250101 }),
        )
      ).errors,
    ).toEqual({
      name: ['El nombre es requerido'],
      phone: ['El celular es requerido'],
      branch_id: [MARKETING_MESSAGES.branchUnknown],
      date_reservation: ['La fecha de registro es requerido'],
    });
    expect((await refuseCourtesy(courtesy({ phone: '30012345678' }))).errors).toEqual({
      phone: ['El celular debe tener máximo 10 números'],
    });
    expect((await refuseCourtesy(courtesy({ phone: '300123456' }))).errors).toEqual({
      phone: ['Longitud minima 10'],
    });
    for (const date of ['2025-02-30', '15/06/2030', '2030-6-1', 'mañana', `${today()}T10:00`]) {
      expect((await refuseCourtesy(courtesy({ date_reservation: date }))).errors).toEqual({
        date_reservation: [MARKETING_MESSAGES.dateInvalid],
      });
    }
    expect((await refuseCourtesy(courtesy({ name: 'a'.repeat(121) }))).errors).toEqual({
      name: [MARKETING_MESSAGES.tooLong],
    });
  });

  it("refuses a day before the chain's today, and one too far ahead", async () => {
    expect(
      (await refuseCourtesy(courtesy({ date_reservation: addDays(today(), -1) }))).errors,
    ).toEqual({
      date_reservation: [MARKETING_MESSAGES.datePast],
    });
    expect((await refuseCourtesy(courtesy({ date_reservation: '2001-01-01' }))).errors).toEqual({
      date_reservation: [MARKETING_MESSAGES.datePast],
    });
    expect(
      (
        await refuseCourtesy(
          courtesy({ date_reservation: addDays(today(), RESERVATION_MAX_DAYS_AHEAD + 1) }),
        )
      ).errors,
    ).toEqual({
      date_reservation: [MARKETING_MESSAGES.dateTooFar],
    });
    const last = await post(
      '/api/courtesy-validate',
      courtesy({ date_reservation: addDays(today(), RESERVATION_MAX_DAYS_AHEAD) }),
    );
    expect(last.statusCode, last.body).toBe(200);
  });

  it('refuses a weekday on which the branch does not open', async () => {
    const chico = branch('chico');
    const date = addDays(today(), 3);
    const weekday = weekdayOfDate(date);
    const saved = await t.database.db
      .selectFrom('branch_hours')
      .selectAll()
      .where('branch_id', '=', chico.id)
      .where('weekday', '=', weekday)
      .execute();
    expect(saved.length).toBeGreaterThan(0);
    await t.database.db
      .deleteFrom('branch_hours')
      .where('branch_id', '=', chico.id)
      .where('weekday', '=', weekday)
      .execute();
    try {
      const { errors } = await refuseCourtesy(
        courtesy({ branch_id: chico.id, date_reservation: date }),
      );
      expect(errors).toEqual({ date_reservation: [`La sede ${chico.title} no abre ese día`] });
      // The day after it opens as usual.
      const next = await post(
        '/api/courtesy-validate',
        courtesy({ branch_id: chico.id, date_reservation: addDays(date, 1) }),
      );
      expect(next.statusCode, next.body).toBe(200);
    } finally {
      await t.database.db
        .insertInto('branch_hours')
        .values(saved.map(({ id: _id, ...row }) => row))
        .execute();
    }
  });

  it('refuses an unknown branch', async () => {
    expect((await refuseCourtesy(courtesy({ branch_id: 999_999 }))).errors).toEqual({
      branch_id: [MARKETING_MESSAGES.branchUnknown],
    });
  });

  it('refuses the same phone twice for the same branch and day as a single error', async () => {
    const body = courtesy({ branch_id: branch('campina').id });
    expect((await post('/api/courtesy-validate', body)).statusCode).toBe(200);
    const again = await refuseCourtesy({ ...body, name: 'Otro nombre' });
    const single = 'Ya tienes una cortesía reservada para ese día en la sede Campiña';
    expect(again).toEqual({ status: false, error: single, errors: {}, message: single });
    const otherDay = await post('/api/courtesy-validate', {
      ...body,
      date_reservation: addDays(body.date_reservation as string, 1),
    });
    expect(otherDay.statusCode).toBe(200);
  });
});

describe('staff listings', () => {
  const login = async (email: string) => {
    const res = await post('/api/login', { email_login: email, password_login: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return authResponse.parse(res.json()).access_token;
  };
  const get = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  let staff: string;
  beforeEach(async () => {
    staff ??= await login('staff@comanda.test');
  });

  it("lists a branch's signups, newest first, with the survey answer, for staff only", async () => {
    const campina = branch('campina').id;
    const body = discount({ name: 'Para el personal' });
    expect((await post('/api/discount', body)).statusCode).toBe(200);

    const res = await get(`/api/staff/branches/${campina}/discount-signups`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = discountSignupListResponse.parse(res.json());
    expect(results[0]).toMatchObject({
      name: 'Para el personal',
      email: body.email,
      branch_id: campina,
      source: { id: surveyIds[0] },
    });
    expect(results.every((r) => r.branch_id === campina)).toBe(true);
    expect(new Date(results[0]!.created_at).toISOString()).toBe(results[0]!.created_at);

    const reservations = await get(
      `/api/staff/branches/${branch('terminal-24h').id}/courtesy-reservations`,
      staff,
    );
    expect(reservations.statusCode).toBe(200);
    const list = courtesyReservationListResponse.parse(reservations.json()).results;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.branch_id === branch('terminal-24h').id)).toBe(true);
  });

  it('answers 401 without a session and 403 to a customer', async () => {
    const url = `/api/staff/branches/${branch('campina').id}/discount-signups`;
    expect((await get(url)).statusCode).toBe(401);
    const customer = await get(url, await login('cliente@comanda.test'));
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ message: MESSAGES.forbidden });
    const other = await get(
      `/api/staff/branches/${branch('campina').id}/courtesy-reservations`,
      await login('cliente@comanda.test'),
    );
    expect(other.statusCode).toBe(403);
  });

  it('keeps staff of one branch to that branch', async () => {
    const campinaStaff = await login('campina@comanda.test');
    expect(
      (await get(`/api/staff/branches/${branch('campina').id}/discount-signups`, campinaStaff))
        .statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/staff/branches/${branch('chico').id}/discount-signups`, campinaStaff))
        .statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown branch and 400 for an id that is not one', async () => {
    expect((await get('/api/staff/branches/999999/discount-signups', staff)).statusCode).toBe(404);
    expect((await get('/api/staff/branches/abc/courtesy-reservations', staff)).statusCode).toBe(
      400,
    );
  });
});

describe('API docs', () => {
  it('describe the marketing calls', async () => {
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const spec = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/discount', '/api/courtesy-validate']),
    );
  });
});

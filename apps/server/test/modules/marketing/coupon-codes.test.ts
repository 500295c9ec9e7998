import { branchListResponse, surveyParameterListResponse, type Branch } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponTerms, newCouponCode } from '../../../src/modules/marketing/coupon-codes';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { startSmtpServer, type SmtpTestServer } from '../../helpers/smtp';

// A discount signup issues a code, one per email and branch, and emails it.

let t: TestApp;
let smtp: SmtpTestServer;
let branches: Branch[];
let sourceId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: 10_000 });
  branches = branchListResponse.parse((await t.app.inject('/api/branch-office')).json()).results;
  sourceId = surveyParameterListResponse.parse(
    (await t.app.inject('/api/parameters-segment/survey')).json(),
  ).results[0]!.id;
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const branch = (slug: string) => branches.find((b) => b.slug === slug)!;
const signUp = (email: string, branchId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/discount',
    payload: {
      name: 'Laura Pérez',
      phone: '3001112233',
      email,
      confirmation: email,
      address: 'Calle 10 #5-20',
      source_id: sourceId,
      branch_id: branchId,
    },
  });

describe('coupon codes', () => {
  it('are issued once per email and branch, stored with the terms, and emailed', async () => {
    const campina = branch('campina');
    await t.database.db
      .updateTable('coupons')
      .set({ discount_percent: 0, discount_amount: 5000, min_order: 20000, valid_days: 15 })
      .where('branch_id', '=', campina.id)
      .execute();
    const email = `cupon-${Date.now()}@ejemplo.co`;
    const res = await signUp(email, campina.id);
    expect(res.statusCode, res.body).toBe(200);
    // The code goes to the email only (decision 076).
    expect(res.json()).toEqual({ status: true, error: null, errors: {} });

    const row = await t.database.db
      .selectFrom('coupon_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const { code } = row;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(row).toMatchObject({
      branch_id: campina.id,
      email,
      discount_percent: 0,
      discount_amount: 5000,
      min_order: 20000,
      redeemed_at: null,
    });
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(
      15 * 86_400_000,
    );

    await t.app.mail.sender!.deliverDue();
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual([email]);
    expect(message!.subject).toContain('Tu cupón de La Brasa Dorada');
    expect(message!.body).toContain(code);
    expect(message!.body).toContain('$5.000 de descuento en un pedido desde $20.000.');

    // The same email again: answered alike, no second code, the first one mailed again.
    const again = await signUp(email, campina.id);
    expect(again.json()).toEqual(res.json());
    await t.app.mail.sender!.deliverDue();
    const [reminder] = (await smtp.waitFor(2)).slice(1);
    expect(reminder!.to).toEqual([email]);
    expect(reminder!.subject).toBe('Ya estás inscrito al cupón de La Brasa Dorada Campiña');
    expect(reminder!.body).toContain(code);
    const codes = await t.database.db
      .selectFrom('coupon_codes')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(codes).toHaveLength(1);
  });

  it("copy the terms of the branch's newest coupon, the one the back office edits and the storefront shows", async () => {
    const chico = branch('chico');
    const older = await t.database.db
      .selectFrom('coupons')
      .select(['title', 'description', 'main_image', 'confirmation_image'])
      .where('branch_id', '=', chico.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('coupons')
      .set({ active: 1, discount_percent: 5, discount_amount: 0 })
      .where('branch_id', '=', chico.id)
      .execute();
    await t.database.db
      .insertInto('coupons')
      .values({ ...older, branch_id: chico.id, discount_percent: 0, discount_amount: 8000 })
      .execute();
    const email = `mas-nuevo-${Date.now()}@ejemplo.co`;
    const res = await signUp(email, chico.id);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.database.db
      .selectFrom('coupon_codes')
      .select(['discount_percent', 'discount_amount'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ discount_percent: 0, discount_amount: 8000 });
  });

  it('are not issued where the branch has no active coupon (the signup is stored alone)', async () => {
    const campina = branch('campina');
    await t.database.db
      .updateTable('coupons')
      .set({ active: 0 })
      .where('branch_id', '=', campina.id)
      .execute();
    const email = `sin-cupon-${Date.now()}@ejemplo.co`;
    const res = await signUp(email, campina.id);
    expect(res.json()).toEqual({ status: true, error: null, errors: {} });
    expect(
      await t.database.db
        .selectFrom('coupon_codes')
        .select('id')
        .where('email', '=', email)
        .execute(),
    ).toEqual([]);
  });

  it('are hard to guess and say their terms in Spanish', () => {
    const codes = new Set(Array.from({ length: 1000 }, newCouponCode));
    expect(codes.size).toBe(1000);
    expect(couponTerms({ discount_percent: 10, discount_amount: 0, min_order: 0 })).toBe(
      '10% de descuento en tu pedido.',
    );
  });
});

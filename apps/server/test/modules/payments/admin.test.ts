import { adminPaymentListResponse, PAYMENTS_CSV_HEADER } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../helpers/ordering';
import {
  eventually,
  payAtCheckout,
  paymentScene,
  placeOnline,
  type PaymentScene,
} from '../../helpers/payments';
import { todayOn } from '../../helpers/clock';

// The back office's Pagos: every attempt with its refunds, and the reconciliation CSV.

let s: PaymentScene;
let admin: string;
let paidId: number;
let declinedId: number;
/** The day the payments began: a minute before the chain's midnight, today may be the next. */
let firstDay: string;
beforeAll(async () => {
  s = await paymentScene();
  admin = await login(s.t.app, 'admin@comanda.test');
  firstDay = todayOn(s.t.clock);
  const paid = await placeOnline(s.customer, s.payload());
  await payAtCheckout(paid.redirect, 'APPROVED');
  await eventually(
    () => s.order(paid.order.id),
    (o) => o.status === 'received',
  );
  await s.t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${paid.order.id}/refund`,
    headers: bearer(s.staffToken),
    payload: { amount: 2000, reason: 'Faltó la salsa' },
  });
  await eventually(
    () => s.order(paid.order.id),
    (o) => o.refunded_amount === 2000,
  );
  const declined = await placeOnline(s.customer, s.payload());
  await payAtCheckout(declined.redirect, 'DECLINED');
  await s.settled();
  paidId = paid.order.id;
  declinedId = declined.order.id;
});
afterAll(async () => {
  await s.close();
});

const list = (query = '', token = admin) =>
  s.t.app.inject({ url: `/api/admin/payments${query}`, headers: bearer(token) });

describe("the back office's Pagos", () => {
  it('lists every attempt with its state, its provider ids and its refunds', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const rows = adminPaymentListResponse.parse(res.json()).results;
    const paid = rows.find((row) => row.order_id === paidId)!;
    expect(paid).toMatchObject({
      status: 'approved',
      provider: 'wompi',
      method: 'CARD',
      order_payment_status: 'partially_refunded',
      branch: { id: s.branch.id },
    });
    expect(paid.transaction_id).toMatch(/^sim-/);
    expect(paid.refunds).toEqual([
      expect.objectContaining({ amount: 2000, reason: 'Faltó la salsa', status: 'approved' }),
    ]);
    expect(paid.refunds[0]!.provider_id).toMatch(/^void-/);
    expect(rows.find((row) => row.order_id === declinedId)).toMatchObject({ status: 'declined' });
  });

  it('filters by state, branch and days', async () => {
    const declined = adminPaymentListResponse.parse(
      (await list('?status=declined')).json(),
    ).results;
    expect(declined.map((row) => row.order_id)).toEqual([declinedId]);
    const other = adminPaymentListResponse.parse(
      (await list(`?branch_id=${s.branch.id + 1}`)).json(),
    ).results;
    expect(other).toEqual([]);
    expect(
      adminPaymentListResponse.parse((await list('?from=2001-01-01&to=2001-01-02')).json()).results,
    ).toEqual([]);
    const today = todayOn(s.t.clock);
    expect(
      adminPaymentListResponse.parse((await list(`?from=${firstDay}&to=${today}`)).json()).results
        .length,
    ).toBeGreaterThanOrEqual(2);
    for (const bad of [
      '?from=ayer',
      '?to=9999-12-31',
      '?from=2026-12-02&to=2026-12-01',
      '?status=pagado',
    ])
      expect((await list(bad)).statusCode).toBe(400);
  });

  it('gives one row per movement of money in the CSV, refunds negative', async () => {
    const res = await s.t.app.inject({ url: '/api/admin/payments.csv', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(PAYMENTS_CSV_HEADER.join(','));
    const ofPaid = lines.filter((line) => line.split(',')[2] === String(paidId));
    expect(ofPaid.map((line) => line.split(',')[1])).toEqual(['Cobro', 'Reembolso']);
    expect(ofPaid[1]).toContain(',-2000,Hecho,Faltó la salsa');
  });

  it('is for admins only', async () => {
    expect((await list('', s.staffToken)).statusCode).toBe(403);
    expect((await list('', s.customerToken)).statusCode).toBe(403);
    const csv = await s.t.app.inject({
      url: '/api/admin/payments.csv',
      headers: bearer(s.staffToken),
    });
    expect(csv.statusCode).toBe(403);
  });
});

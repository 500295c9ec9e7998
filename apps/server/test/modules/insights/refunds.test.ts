import type { PlacedOrder } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../helpers/ordering';
import { dayCreated, salesAndDay } from './insights-support';
import {
  eventually,
  payAtCheckout,
  paymentScene,
  placeOnline,
  type PaymentScene,
} from '../../helpers/payments';

// A refund comes out of Informes' sales as it comes out of Día's (decision 061): an order paid
// online, accepted, then partly refunded by staff through the provider; and a paid order the
// branch rejected, refunded in full, is no sale at all (decision 069).

let s: PaymentScene;
beforeAll(async () => {
  s = await paymentScene();
});
afterAll(async () => {
  await s.close();
});

async function paidOrder(): Promise<PlacedOrder> {
  const { order, redirect } = await placeOnline(s.customer, s.payload());
  await payAtCheckout(redirect, 'APPROVED');
  return eventually(
    () => s.order(order.id),
    (o) => o.status === 'received',
  );
}

const post = (path: string, payload: Record<string, unknown>) =>
  s.t.app.inject({ method: 'POST', url: path, headers: bearer(s.staffToken), payload });

describe('a refunded order', () => {
  it('counts in sales net of what was given back, as Día counts it', async () => {
    const kept = await paidOrder();
    expect(
      (await post(`/api/staff/orders/${kept.id}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect(
      (
        await post(`/api/staff/orders/${kept.id}/refund`, {
          amount: 5000,
          reason: 'Faltó la gaseosa',
        })
      ).statusCode,
    ).toBe(200);
    await eventually(
      () => s.order(kept.id),
      (o) => o.refunded_amount === 5000,
    );
    const rejected = await paidOrder();
    expect(
      (
        await post(`/api/staff/orders/${rejected.id}/status`, {
          status: 'rejected',
          reason: 'Sin gas',
        })
      ).statusCode,
    ).toBe(200);
    await eventually(
      () => s.order(rejected.id),
      (o) => o.payment_status === 'refunded',
    );

    const today = await dayCreated(s.t, kept.id);
    const { report, day } = await salesAndDay(s.t, s.staffToken, s.branch.id, today);
    expect(report.totals).toMatchObject({
      orders: day.sales.orders,
      sales: day.sales.total,
      refunds: 5000,
    });
    expect(report.totals.sales).toBeGreaterThanOrEqual(kept.total - 5000);
    expect(day.refunds.total).toBe(5000);
  });
});

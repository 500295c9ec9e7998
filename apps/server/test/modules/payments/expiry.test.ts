import { chainToday, slotsResponse, type OrderStatusEvent } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCode } from '../../helpers/coupons';
import { place } from '../../helpers/ordering';
import {
  eventually,
  payAtCheckout,
  paymentScene,
  placeOnline,
  type PaymentScene,
} from '../../helpers/payments';
import { next } from '../../helpers/sockets';

// An order whose money never came is given up after its time, giving back its slot and its code;
// money that comes after that goes back by itself, and the customer is told (decision 061).

let s: PaymentScene;
beforeAll(async () => {
  s = await paymentScene({ PAYMENT_EXPIRY_MINUTES: 15 });
});
afterAll(async () => {
  await s.close();
});

const MINUTE = 60_000;
/** The sweep as a node runs it, at a moment `minutes` from now. */
const sweepIn = (minutes: number) =>
  s.t.app.payments!.expireDue(new Date(s.t.clock.now() + minutes * MINUTE));

async function aSlotTomorrow() {
  const tomorrow = chainToday(new Date(s.t.clock.now() + 24 * 60 * MINUTE));
  const slots = slotsResponse.parse(
    (await s.t.app.inject(`/api/branches/${s.branch.id}/slots?date=${tomorrow}`)).json(),
  ).results;
  return slots.find((slot) => slot.available)!.start;
}

const slotTaken = async (start: string) =>
  (
    await s.t.database.db
      .selectFrom('branch_slot_counts')
      .select('orders')
      .where('branch_id', '=', s.branch.id)
      .where('slot_start', '=', new Date(start).toISOString())
      .executeTakeFirst()
  )?.orders ?? 0;

describe('an order whose money never came', () => {
  it('waits its time, then ends unpaid: slot and code given back, the customer told', async () => {
    const slot = await aSlotTomorrow();
    const code = await issueCode(s.t.database, s.branch.id, { percent: 10 });
    const { order } = await placeOnline(
      s.customer,
      s.payload({ scheduled_for: slot, coupon_code: code }),
    );
    expect(order.discount).toBeGreaterThan(0);
    expect(await slotTaken(slot)).toBe(1);
    // Before its time: nothing happens.
    expect(await sweepIn(14)).toBe(0);
    expect((await s.order(order.id)).status).toBe('awaiting_payment');

    const told = next<OrderStatusEvent>(s.customer, 'order-status');
    expect(await sweepIn(16)).toBe(1);
    const expired = await s.order(order.id);
    expect(expired).toMatchObject({
      status: 'payment_expired',
      status_text: 'Pago no completado',
      payment_status: 'expired',
    });
    expect(expired.history.map((h) => h.status)).toEqual(['awaiting_payment', 'payment_expired']);
    expect((await told).status).toBe('payment_expired');
    expect(await slotTaken(slot)).toBe(0);
    // The code was never used: it pays for another order.
    const again = await place(s.customer, s.payload({ payment: { id: 1 }, coupon_code: code }));
    expect(again.discount).toBe(order.discount);
    expect(s.rung).not.toContain(order.id);
  });

  it('refunds by itself money that comes after the order was given up', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    // The customer leaves the payment pending (a PSE in progress), and the time runs out.
    await payAtCheckout(redirect, 'PENDING');
    await s.settled();
    await sweepIn(16);
    expect((await s.order(order.id)).status).toBe('payment_expired');
    // Then the bank approves it after all.
    await payAtCheckout(redirect, 'APPROVED');
    const refunded = await eventually(
      () => s.order(order.id),
      (o) => o.payment_status === 'refunded',
    );
    expect(refunded.status).toBe('payment_expired');
    expect(refunded.refunds).toEqual([
      expect.objectContaining({
        amount: order.total,
        automatic: true,
        status: 'approved',
        reason:
          'Tu pago llegó cuando el pedido ya se había cancelado porque no recibimos el pago a tiempo.',
      }),
    ]);
    expect(s.rung).not.toContain(order.id);
    const mails = await s.t.database.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'refund')
      .where('subject', 'like', `%pedido #${order.id} %`)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('is paid, not given up, when its money came and only the last question finds out', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    await payAtCheckout(redirect, 'APPROVED', 'nunca');
    await sweepIn(16);
    const paid = await s.order(order.id);
    expect(paid).toMatchObject({ status: 'received', payment_status: 'approved' });
    await eventually(
      async () => s.rung,
      (rung) => rung.includes(order.id),
    );
  });
});

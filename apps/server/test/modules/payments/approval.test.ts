import { branchSummaryResponse } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, place, refused } from '../../helpers/ordering';
import {
  eventually,
  payAtCheckout,
  paymentScene,
  placeOnline,
  type PaymentScene,
} from '../../helpers/payments';

// An order paid online waits for its money, invisible to its branch, and reaches the board once
// the provider approves it, whichever way the approval arrives and however often (decision 061).

let s: PaymentScene;
beforeAll(async () => {
  s = await paymentScene();
});
afterAll(async () => {
  await s.close();
});

const steps = (order: { history: { status: string }[] }) => order.history.map((h) => h.status);

describe('an order paid online', () => {
  it('waits for its money: sent to the provider, off the board, out of the day, no ring', async () => {
    const payload = s.payload();
    const { order, redirect } = await placeOnline(s.customer, payload);
    expect(order.status).toBe('awaiting_payment');
    expect(order.payment_status).toBe('pending');
    const checkout = new URL(redirect);
    expect(checkout.pathname).toBe('/p/');
    expect(checkout.searchParams.get('amount-in-cents')).toBe(String(order.total * 100));
    expect(checkout.searchParams.get('redirect-url')).toBe(
      `http://tienda.test/pedidos/${order.id}`,
    );
    expect(await s.board()).not.toContain(order.id);
    const day = branchSummaryResponse.parse(
      (
        await s.t.app.inject({
          url: `/api/staff/branches/${s.branch.id}/summary`,
          headers: bearer(s.staffToken),
        })
      ).json(),
    ).results;
    expect(day.orders).toBe(0);
    // Sent again, as a storefront does after a lost answer: still not the branch's to hear. A
    // cash order after it is heard on the same socket, so anything told before it has arrived.
    expect((await placeOnline(s.customer, payload)).order.id).toBe(order.id);
    const cash = await place(s.customer, s.payload({ payment: { id: 1 } }));
    await eventually(
      async () => s.rung,
      (rung) => rung.includes(cash.id),
    );
    expect(s.rung).not.toContain(order.id);
  });

  it('rings the board once the provider approves it, and reads as placed then', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    await payAtCheckout(redirect, 'APPROVED');
    const paid = await eventually(
      () => s.order(order.id),
      (o) => o.status === 'received',
    );
    expect(paid.payment_status).toBe('approved');
    expect(steps(paid)).toEqual(['awaiting_payment', 'received']);
    expect(paid.placed_at).toBe(paid.history[1]!.at);
    expect(await s.board()).toContain(order.id);
    await eventually(
      async () => s.rung,
      (rung) => rung.includes(order.id),
    );
  });

  it.each(['dos', 'desordenadas', 'tres-al-azar', 'tarde'] as const)(
    'changes once when the events come %s',
    async (delivery) => {
      const { order, redirect } = await placeOnline(s.customer, s.payload());
      await payAtCheckout(redirect, 'APPROVED', delivery);
      await s.settled();
      const paid = await s.order(order.id);
      expect(paid.status).toBe('received');
      expect(steps(paid)).toEqual(['awaiting_payment', 'received']);
      expect(s.rung.filter((id) => id === order.id)).toHaveLength(1);
      const outcomes = await s.t.database.db
        .selectFrom('payment_events')
        .innerJoin('payments', 'payments.id', 'payment_events.payment_id')
        .select('payment_events.outcome')
        .where('payments.order_id', '=', order.id)
        .where('payment_events.status', '=', 'approved')
        .execute();
      expect(outcomes.filter((row) => row.outcome === 'applied')).toHaveLength(1);
      expect(outcomes.length).toBeGreaterThan(delivery === 'tarde' ? 0 : 1);
    },
  );

  it("is confirmed by the customer's return when no event came, from the provider's own answer", async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    const transaction = await payAtCheckout(redirect, 'APPROVED', 'nunca');
    expect((await s.order(order.id)).status).toBe('awaiting_payment');
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment/check`,
      headers: bearer(s.customerToken),
      payload: { transaction_id: transaction },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ status: 'received', payment_status: 'approved' });
    await eventually(
      async () => s.rung,
      (rung) => rung.includes(order.id),
    );
  });

  it("refuses a return naming a payment that is not the order's, or none the provider has", async () => {
    const first = await placeOnline(s.customer, s.payload());
    const other = await placeOnline(s.customer, s.payload());
    const transaction = await payAtCheckout(other.redirect, 'PENDING', 'nunca');
    const check = (id: number, transaction_id: string) =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/payment/check`,
        headers: bearer(s.customerToken),
        payload: { transaction_id },
      });
    const wrongOrder = await check(first.order.id, transaction);
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().message).toBe('Ese pago no corresponde a este pedido.');
    const unknown = await check(first.order.id, 'sim-no-existe');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No reconocemos ese pago.');
    expect((await s.order(first.order.id)).status).toBe('awaiting_payment');
  });

  it('is found by reconciliation when neither an event nor the customer came back', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    await payAtCheckout(redirect, 'APPROVED', 'nunca');
    const payments = s.t.app.payments!;
    // Asked about a minute after the attempt was made: not before.
    expect(await payments.askDue(new Date(s.t.clock.now()))).toBe(0);
    expect(await payments.askDue(new Date(s.t.clock.now() + 2 * 60_000))).toBeGreaterThan(0);
    const paid = await s.order(order.id);
    expect(paid).toMatchObject({ status: 'received', payment_status: 'approved' });
    await eventually(
      async () => s.rung,
      (rung) => rung.includes(order.id),
    );
    const [event] = await s.t.database.db
      .selectFrom('payment_events')
      .select(['source', 'outcome'])
      .where('reference', 'like', `${order.id}-%`)
      .execute();
    expect(event).toEqual({ source: 'reconcile', outcome: 'applied' });
  });
});

describe('a declined payment', () => {
  it('tells the customer and lets them pay again, with a new attempt', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    await payAtCheckout(redirect, 'DECLINED');
    const declined = await eventually(
      () => s.order(order.id),
      (o) => o.payment_status === 'declined',
    );
    expect(declined.status).toBe('awaiting_payment');
    const again = await s.t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: bearer(s.customerToken),
    });
    expect(again.statusCode).toBe(200);
    const retry: string = again.json().results.redirect_url;
    expect(new URL(retry).searchParams.get('reference')).not.toBe(
      new URL(redirect).searchParams.get('reference'),
    );
    await payAtCheckout(retry, 'APPROVED');
    const paid = await eventually(
      () => s.order(order.id),
      (o) => o.status === 'received',
    );
    expect(paid.payment_status).toBe('approved');
    // Paid: there is nothing to pay again.
    const late = await s.t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: bearer(s.customerToken),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Ese pedido ya no espera su pago.');
  });

  it('switches to cash, saying what the customer pays with, and rings the board', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    await payAtCheckout(redirect, 'DECLINED');
    await eventually(
      () => s.order(order.id),
      (o) => o.payment_status === 'declined',
    );
    const change = (payload: Record<string, unknown>) =>
      s.t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}/payment-method`,
        headers: bearer(s.customerToken),
        payload,
      });
    const tooLittle = await change({ payment: { id: 1 }, pay_with: order.total - 1 });
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().errors.pay_with[0]).toMatch(/^Con ese valor no alcanza/);
    const stillOnline = await change({ payment: { id: 4 } });
    expect(stillOnline.statusCode).toBe(400);
    const res = await change({ payment: { id: 1 }, pay_with: 100_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      status: 'received',
      payment: 'Efectivo',
      payment_status: null,
      pay_with: 100_000,
    });
    await eventually(
      async () => s.rung,
      (rung) => rung.includes(order.id),
    );
    expect((await change({ payment: { id: 2 } })).statusCode).toBe(409);
  });

  it("is nobody else's to pay again or switch", async () => {
    const { order } = await placeOnline(s.customer, s.payload());
    for (const request of [
      { method: 'POST' as const, url: `/api/orders/${order.id}/payment` },
      {
        method: 'PUT' as const,
        url: `/api/orders/${order.id}/payment-method`,
        payload: { payment: { id: 1 } },
      },
    ]) {
      const res = await s.t.app.inject({ ...request, headers: bearer(s.staffToken) });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('cash at checkout', () => {
  it('keeps what the customer pays with, and refuses it short of the total or with another method', async () => {
    const cash = s.payload({ payment: { id: 1 }, pay_with: 200_000 });
    const order = await place(s.customer, cash);
    expect(order).toMatchObject({ status: 'received', pay_with: 200_000, payment_status: null });
    expect(
      (await refused(s.customer, s.payload({ payment: { id: 1 }, pay_with: 1 }))).pay_with,
    ).toEqual([expect.stringMatching(/^Con ese valor no alcanza: el total de tu pedido es \$/)]);
    expect(
      (await refused(s.customer, s.payload({ payment: { id: 2 }, pay_with: 200_000 }))).pay_with,
    ).toEqual(['Solo indicas con cuánto pagas cuando pagas en efectivo.']);
    expect(
      (await refused(s.customer, s.payload({ payment: { id: 1 }, pay_with: 12.5 }))).pay_with,
    ).toEqual(['Escribe con cuánto pagas en pesos, sin puntos ni centavos. Ej.: 50000.']);
  });
});

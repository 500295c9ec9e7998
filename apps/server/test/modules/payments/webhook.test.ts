import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_KEYS } from '../../../src/config';
import { integritySignature } from '../../../src/modules/payments/wompi';
import { signedEvent } from '../../../src/payment-simulator/events';
import { publicTransaction } from '../../../src/payment-simulator/state';
import { bearer } from '../../helpers/ordering';
import {
  eventually,
  payAtCheckout,
  paymentScene,
  placeOnline,
  type PaymentScene,
} from '../../helpers/payments';

// The webhook believes an event only through its signature, keeps every one with what it caused,
// and an event about the wrong amount pays for nothing (decision 061).

let s: PaymentScene;
beforeAll(async () => {
  s = await paymentScene();
});
afterAll(async () => {
  await s.close();
});

const post = (body: unknown, provider = 'wompi', headers: Record<string, string> = {}) =>
  s.t.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/events`,
    payload: body as Record<string, unknown>,
    headers,
  });

/** A signed event saying that the order's attempt was approved, as the provider would sign it. */
async function approvalOf(
  orderId: number,
  secret: string = SIMULATOR_KEYS.eventsSecret,
  at?: Date,
) {
  const { reference, amount } = await s.t.database.db
    .selectFrom('payments')
    .select(['reference', 'amount'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const transaction = publicTransaction({
    id: `forjada-${orderId}`,
    created_at: new Date(s.t.clock.now()).toISOString(),
    finalized_at: new Date(s.t.clock.now()).toISOString(),
    amount_in_cents: amount * 100,
    reference,
    currency: 'COP',
    customer_email: 'cliente@comanda.test',
    payment_method_type: 'CARD',
    redirect_url: '',
    status: 'APPROVED',
    status_message: null,
    voids: [],
  });
  return signedEvent(transaction, secret, at);
}

const outcomesOf = (orderId: number) =>
  s.t.database.db
    .selectFrom('payment_events')
    .select('outcome')
    .where('reference', 'like', `${orderId}-%`)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.outcome));

describe('the webhook', () => {
  it('refuses a forged event, changes nothing, and keeps it as evidence', async () => {
    const { order } = await placeOnline(s.customer, s.payload());
    const wrongSecret = await approvalOf(order.id, 'test_events_de_un_atacante');
    const res = await post(wrongSecret);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('La firma del evento de pago no es válida.');

    // A genuine event with its amount changed after signing.
    const tampered = await approvalOf(order.id);
    tampered.data.transaction.amount_in_cents += 100;
    expect((await post(tampered)).statusCode).toBe(401);
    // Signed, but the header's checksum says otherwise.
    const genuine = await approvalOf(order.id);
    expect((await post(genuine, 'wompi', { 'x-event-checksum': '00'.repeat(32) })).statusCode).toBe(
      401,
    );

    expect((await s.order(order.id)).status).toBe('awaiting_payment');
    const refused = await s.t.database.db
      .selectFrom('payment_events')
      .select(['outcome', 'body'])
      .where('outcome', '=', 'refused_signature')
      .execute();
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.some((row) => row.body?.includes(`forjada-${order.id}`))).toBe(true);
  });

  it('refuses an unsigned or unreadable event, an old one, and an unknown provider', async () => {
    const { order } = await placeOnline(s.customer, s.payload());
    const event = await approvalOf(order.id);
    const { signature: _signature, ...unsigned } = event;
    expect((await post(unsigned)).statusCode).toBe(400);
    expect((await post({ hola: 'mundo' })).statusCode).toBe(400);
    expect((await post([1, 2, 3])).statusCode).toBe(400);
    const old = await approvalOf(
      order.id,
      undefined,
      new Date(s.t.clock.now() - 4 * 24 * 3_600_000),
    );
    const stale = await post(old);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      'Ese evento de pago es demasiado antiguo o viene del futuro.',
    );
    expect((await post(event, 'mercadopago')).statusCode).toBe(404);
    expect((await post(event, '../admin')).statusCode).toBe(404);
    expect((await s.order(order.id)).status).toBe('awaiting_payment');
    // Refused events are kept too: the old one with why.
    expect(
      await s.t.database.db
        .selectFrom('payment_events')
        .select('id')
        .where('outcome', '=', 'refused_stale')
        .execute(),
    ).toHaveLength(1);
  });

  it('changes nothing when a genuine approval is replayed after the order was refunded', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    await payAtCheckout(redirect, 'APPROVED');
    await eventually(
      () => s.order(order.id),
      (o) => o.status === 'received',
    );
    expect(
      (
        await s.t.app.inject({
          method: 'POST',
          url: `/api/staff/orders/${order.id}/status`,
          headers: bearer(s.staffToken),
          payload: { status: 'rejected', reason: 'Sin domiciliarios' },
        })
      ).statusCode,
    ).toBe(200);
    await eventually(
      () => s.order(order.id),
      (o) => o.payment_status === 'refunded',
    );
    await s.settled();
    const transaction = s.sim.simulator.books
      .all()
      .find((tx) => tx.reference.startsWith(`${order.id}-`))!;
    const replay = signedEvent(
      { ...publicTransaction(transaction), status: 'APPROVED' },
      SIMULATOR_KEYS.eventsSecret,
    );
    expect((await post(replay)).statusCode).toBe(200);
    expect((await post(replay)).statusCode).toBe(200);
    const after = await s.order(order.id);
    expect(after.status).toBe('rejected');
    expect(after.refunds).toHaveLength(1);
    // The first may already be the event the provider sent (the same second signs the same).
    expect((await outcomesOf(order.id)).slice(-2)).toEqual([
      expect.stringMatching(/^(no_change|duplicate)$/),
      'duplicate',
    ]);
  });
});

describe('an amount that is not the order’s', () => {
  it('pays for nothing, and the money taken goes back by itself', async () => {
    const { order, redirect } = await placeOnline(s.customer, s.payload());
    // A checkout whose amount was changed and signed again: only someone with the integrity
    // secret could, which is what the check stands against.
    await payAtCheckout(redirect, 'APPROVED', 'una', (form) => {
      const cents = Number(form.get('amount-in-cents')) - 100_000;
      form.set('amount-in-cents', String(cents));
      form.set(
        'signature:integrity',
        integritySignature(
          {
            reference: form.get('reference')!,
            cents,
            currency: 'COP',
            expiration: form.get('expiration-time')!,
          },
          SIMULATOR_KEYS.integritySecret,
        ),
      );
    });
    await s.settled();
    const [attempt] = await s.t.database.db
      .selectFrom('payments')
      .select(['id', 'status', 'provider_amount'])
      .where('order_id', '=', order.id)
      .execute();
    expect(attempt).toMatchObject({ status: 'mismatch', provider_amount: order.total - 1000 });
    const after = await eventually(
      () => s.order(order.id),
      (o) => o.refunds.some((refund) => refund.status === 'approved'),
    );
    expect(after.status).toBe('awaiting_payment');
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amount: order.total - 1000,
        reason: 'El valor cobrado no coincidía con el del pedido.',
        status: 'approved',
      }),
    ]);
    expect(s.rung).not.toContain(order.id);
    expect(await outcomesOf(order.id)).toContain('mismatch');
  });
});

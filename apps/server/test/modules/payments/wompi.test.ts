import { describe, expect, it } from 'vitest';
import { integritySignature, wompiProvider } from '../../../src/modules/payments/wompi';
import { signedEvent } from '../../../src/payment-simulator/events';

// The adapter's side of Wompi's protocol, checked against Wompi's documented example where
// there is one; the rest of it runs against the simulator in the payments tests.

const keys = {
  publicKey: 'pub_test_x',
  privateKey: 'prv_test_x',
  eventsSecret: 'test_events_x',
  integritySecret: 'test_integrity_x',
};
const wompi = wompiProvider({
  keys,
  apiUrl: () => 'http://127.0.0.1:9/v1',
  checkoutUrl: 'https://checkout.wompi.co/p/',
  timeoutMs: 1000,
});
const transaction = {
  id: '1234-1610641025-49201',
  created_at: '2026-12-01T12:00:00.000Z',
  finalized_at: '2026-12-01T12:01:00.000Z',
  amount_in_cents: 4_490_000,
  reference: '57-1-ABCDEF',
  currency: 'COP',
  customer_email: 'cliente@comanda.test',
  payment_method_type: 'NEQUI',
  redirect_url: 'http://tienda.test/pedidos/57',
  status: 'APPROVED' as const,
  status_message: null,
  shipping_address: null,
  payment_link_id: null,
  payment_source_id: null,
};
const now = new Date('2026-12-01T12:02:00.000Z');

describe("Wompi's Web Checkout", () => {
  it("signs as Wompi's documentation's own example does", () => {
    // docs.wompi.co, «Widget & Checkout Web», "Cómo generar una firma de integridad".
    expect(
      integritySignature(
        { reference: 'sk8-438k4-xmxm392-sn2m', cents: 2_490_000, currency: 'COP' },
        'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6',
      ),
    ).toBe('37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5');
  });

  it('sends the customer to pay in cents, with the expiration signed and the way back', () => {
    const url = new URL(
      wompi.checkoutUrl({
        reference: '57-1-ABCDEF',
        amount: 44_900,
        currency: 'COP',
        expiresAt: new Date('2026-12-01T12:15:00.000Z'),
        returnUrl: 'http://tienda.test/pedidos/57',
        customer: { email: 'ana@correo.co', name: 'Ana', phone: '3001234567' },
      }),
    );
    expect(url.origin + url.pathname).toBe('https://checkout.wompi.co/p/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'public-key': 'pub_test_x',
      'amount-in-cents': '4490000',
      currency: 'COP',
      reference: '57-1-ABCDEF',
      'expiration-time': '2026-12-01T12:15:00.000Z',
      'redirect-url': 'http://tienda.test/pedidos/57',
      'customer-data:email': 'ana@correo.co',
      'signature:integrity': integritySignature(
        {
          reference: '57-1-ABCDEF',
          cents: 4_490_000,
          currency: 'COP',
          expiration: '2026-12-01T12:15:00.000Z',
        },
        'test_integrity_x',
      ),
    });
  });
});

describe("Wompi's events", () => {
  const event = signedEvent(transaction, keys.eventsSecret, now);

  it('reads a signed transaction event in pesos', () => {
    expect(wompi.verifyEvent(event, {}, now)).toEqual({
      ok: true,
      key: event.signature.checksum.toLowerCase(),
      transaction: {
        id: transaction.id,
        reference: transaction.reference,
        amount: 44_900,
        currency: 'COP',
        status: 'approved',
        method: 'NEQUI',
      },
    });
  });

  it('refuses what the checksum does not cover as it was signed', () => {
    const altered = structuredClone(event);
    altered.data.transaction.status = 'DECLINED' as never;
    expect(wompi.verifyEvent(altered, {}, now)).toEqual({ ok: false, reason: 'signature' });
    const lying = { ...event, signature: { ...event.signature, properties: ['transaction.nada'] } };
    expect(wompi.verifyEvent(lying, {}, now)).toEqual({ ok: false, reason: 'signature' });
    expect(wompi.verifyEvent(event, { 'x-event-checksum': 'ab'.repeat(32) }, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(wompi.verifyEvent({ ...event, signature: 'x' }, {}, now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses an event older than three days, or from the future', () => {
    const later = new Date(now.getTime() + 73 * 3_600_000);
    expect(wompi.verifyEvent(event, {}, later)).toEqual({ ok: false, reason: 'stale' });
    const early = new Date(now.getTime() - 10 * 60_000);
    expect(wompi.verifyEvent(event, {}, early)).toEqual({ ok: false, reason: 'stale' });
  });

  it('takes a genuine event of another kind as nothing to apply', () => {
    const other = { ...event, event: 'nequi_token.updated' };
    expect(wompi.verifyEvent(other, {}, now)).toMatchObject({ ok: true, transaction: null });
  });
});

describe("Wompi's API", () => {
  it('says the provider could not be asked when nobody answers', async () => {
    await expect(wompi.transaction('x')).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    await expect(
      wompi.refund({ transactionId: 'x', amount: 1000, whole: true }),
    ).rejects.toMatchObject({ name: 'ProviderUnavailable' });
  });
});

import { describe, expect, it } from 'vitest';
import { followUpCount, needsFollowUp, paymentTotals } from './payment-totals';
import { testPayment as payment, testRefund as refund } from './test-payments';

describe('paymentTotals', () => {
  it('adds approved charges and their confirmed refunds; pending refunds are apart', () => {
    const totals = paymentTotals([
      payment({
        refunds: [refund({ amount: 5_000 }), refund({ id: 2, amount: 3_000, status: 'pending' })],
      }),
      payment({ id: 2, amount: 25_000 }),
      payment({ id: 3, amount: 90_000, status: 'declined' }),
      payment({ id: 4, amount: 12_000, status: 'pending', transaction_id: null }),
    ]);
    expect(totals).toEqual({
      charged: 65_000,
      chargedCount: 2,
      refunded: 5_000,
      refundedCount: 1,
      refunding: 3_000,
      net: 60_000,
    });
  });

  it('counts what a mismatched charge took, and its refund', () => {
    const totals = paymentTotals([
      payment({
        status: 'mismatch',
        charged: 39_000,
        refunds: [refund({ amount: 39_000, automatic: true })],
      }),
      // A mismatch that took no money has no refund and counts for nothing.
      payment({ id: 2, status: 'mismatch', charged: 39_000 }),
    ]);
    expect(totals).toMatchObject({ charged: 39_000, chargedCount: 1, refunded: 39_000, net: 0 });
  });
});

describe('needsFollowUp', () => {
  it('marks a refund the provider refused, or one still pending after a failed call', () => {
    expect(needsFollowUp(refund({ status: 'declined', last_error: 'Wompi: DECLINED' }))).toBe(true);
    expect(needsFollowUp(refund({ status: 'pending', last_error: 'Wompi respondió 500' }))).toBe(
      true,
    );
    expect(needsFollowUp(refund({ status: 'pending' }))).toBe(false);
    expect(needsFollowUp(refund({ last_error: 'an old timeout' }))).toBe(false);
    expect(
      followUpCount([payment({ refunds: [refund(), refund({ id: 2, status: 'declined' })] })]),
    ).toBe(1);
  });
});

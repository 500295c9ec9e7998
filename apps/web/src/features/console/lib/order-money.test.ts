import { describe, expect, it } from 'vitest';
import { paidOnline, refundableLeft } from './order-money';

describe("an order's money at the counter", () => {
  const paid = { total: 40_000, payment_status: 'approved' as const, refunded_amount: 0 };

  it('tells apart what was paid online from what is paid at the door', () => {
    expect(paidOnline(paid)).toBe(true);
    expect(paidOnline({ ...paid, payment_status: 'refunded' })).toBe(true);
    expect(paidOnline({ ...paid, payment_status: null })).toBe(false);
    expect(paidOnline({ ...paid, payment_status: 'pending' })).toBe(false);
  });

  it('leaves to refund the total less what was given back and what is on its way', () => {
    expect(refundableLeft(paid)).toBe(40_000);
    expect(
      refundableLeft({
        ...paid,
        payment_status: 'partially_refunded',
        refunded_amount: 5_000,
        refunds: [
          { amount: 5_000, status: 'approved' },
          { amount: 3_000, status: 'pending' },
          { amount: 9_000, status: 'declined' },
        ],
      }),
    ).toBe(32_000);
    expect(refundableLeft({ ...paid, payment_status: null })).toBe(0);
  });

  it('gives the courier’s tip back too: it was paid with the order (decision 085)', () => {
    expect(refundableLeft({ ...paid, tip: 5_000 })).toBe(45_000);
    expect(
      refundableLeft({
        ...paid,
        tip: 5_000,
        payment_status: 'partially_refunded',
        refunded_amount: 40_000,
      }),
    ).toBe(5_000);
  });
});

import {
  CHECKOUT_MESSAGES,
  SCHEDULE_MESSAGES,
  type Branch,
  type PaymentType,
} from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { continueProblems, type ContinueInput } from './checkout-problems';

const branch = {
  id: 3,
  title: 'Terminal 24h',
  pickup: { available: true },
} as Branch;

const cash: PaymentType = {
  id: 1,
  selected: false,
  number: 1,
  parameter: { description: 'Efectivo' },
  online: false,
  cash: true,
  test: false,
};

const ready: ContinueInput = {
  branch,
  payment: cash,
  payWith: '',
  couponCode: '',
  when: { scheduling: false, slot: null },
  deliveryOrder: false,
  addressId: null,
  deliveryProblem: null,
  total: 30000,
};

describe('continueProblems', () => {
  it('finds nothing when every choice is made', () => {
    expect(continueProblems(ready)).toEqual({ found: {}, cashGiven: null });
  });

  it('asks for the branch, the payment and a slot when scheduling', () => {
    const { found } = continueProblems({
      ...ready,
      branch: null,
      payment: null,
      when: { scheduling: true, slot: null },
    });
    expect(found).toEqual({
      branch: [CHECKOUT_MESSAGES.branchRequired],
      payment: [CHECKOUT_MESSAGES.paymentRequired],
      when: [SCHEDULE_MESSAGES.invalidTime],
    });
  });

  it('reads the cash given, and refuses too little unless a coupon may lower the total', () => {
    expect(continueProblems({ ...ready, payWith: '50.000' })).toEqual({
      found: {},
      cashGiven: 50000,
    });
    expect(continueProblems({ ...ready, payWith: 'mucho' }).found.payWith).toEqual([
      CHECKOUT_MESSAGES.payWithUnreadable,
    ]);
    expect(continueProblems({ ...ready, payWith: '20000' }).found.payWith).toEqual([
      CHECKOUT_MESSAGES.payWithTooLow(30000),
    ]);
    expect(continueProblems({ ...ready, payWith: '20000', couponCode: 'HOLA' }).found).toEqual({});
  });

  it('asks a delivery for its address, then for the zone minimum; a pickup for a branch that takes it', () => {
    const delivery = { ...ready, deliveryOrder: true };
    expect(continueProblems(delivery).found.address).toEqual([CHECKOUT_MESSAGES.addressRequired]);
    expect(
      continueProblems({ ...delivery, addressId: 9, deliveryProblem: 'Mínimo' }).found.address,
    ).toEqual(['Mínimo']);
    const noPickup = { ...branch, pickup: { available: false } } as Branch;
    expect(continueProblems({ ...ready, branch: noPickup }).found.branch).toEqual([
      CHECKOUT_MESSAGES.noPickup('Terminal 24h'),
    ]);
  });
});

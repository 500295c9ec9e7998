import { describe, expect, it } from 'vitest';
import {
  couponDiscount,
  priceWithPromotions,
  promotionInForce,
  type PromotionLine,
  type PromotionPricing,
  type PromotionSchedule,
} from './promotions';

const rule = (overrides: Partial<PromotionPricing> = {}): PromotionPricing => ({
  id: 1,
  title: '2x1 martes',
  kind: 'nxm',
  buy: 2,
  pay: 1,
  percent: null,
  amount: null,
  price: null,
  min_order: null,
  product_ids: [10, 11],
  stacks_with_code: false,
  ...overrides,
});

const line = (product_id: number, unit_price: number, quantity = 1): PromotionLine => ({
  product_id,
  unit_price,
  quantity,
});

const price = (rules: PromotionPricing[], lines: PromotionLine[], fee = 0, code = null as never) =>
  priceWithPromotions({ rules, lines, fee, code });

describe('priceWithPromotions: N×M', () => {
  it('two burgers under a 2x1 cost one', () => {
    const priced = price([rule()], [line(10, 22900, 2)]);
    expect(priced.promotions).toEqual([{ id: 1, title: '2x1 martes', amount: 22900 }]);
    expect(priced.total).toBe(22900);
  });

  it('three under a 2x1 get one free, the cheapest of the set', () => {
    const priced = price([rule()], [line(10, 22900, 2), line(11, 19900)]);
    expect(priced.discount).toBe(19900);
    expect(priced.total).toBe(22900 * 2);
  });

  it('a 3x2 frees the cheapest of every three; four units free one', () => {
    const priced = price([rule({ buy: 3, pay: 2 })], [line(10, 30000, 2), line(11, 10000, 2)]);
    expect(priced.discount).toBe(10000);
  });

  it('one unit alone, or units the rule does not match, get nothing', () => {
    expect(price([rule()], [line(10, 22900)]).promotions).toEqual([]);
    expect(price([rule()], [line(12, 22900, 4)]).discount).toBe(0);
  });
});

describe('priceWithPromotions: percent, amount, combo, free delivery', () => {
  it('a percentage of the matched units, rounded down to whole pesos', () => {
    const priced = price(
      [rule({ kind: 'percent', percent: 15 })],
      [line(10, 22900), line(12, 5000)],
    );
    expect(priced.discount).toBe(3435);
  });

  it('an amount off each matched unit, never more than it costs', () => {
    const priced = price(
      [rule({ kind: 'amount', amount: 6000 })],
      [line(10, 5000), line(11, 9000, 2)],
    );
    expect(priced.discount).toBe(5000 + 12000);
  });

  it('a combo: each complete set costs its price, an incomplete one its own', () => {
    const combo = rule({ kind: 'combo', price: 25000, product_ids: [10, 20] });
    const priced = price([combo], [line(10, 22900, 2), line(20, 6000)]);
    expect(priced.discount).toBe(22900 + 6000 - 25000);
  });

  it('a combo that would cost more than its products takes nothing off', () => {
    const combo = rule({ kind: 'combo', price: 40000, product_ids: [10, 20] });
    expect(price([combo], [line(10, 22900), line(20, 6000)]).promotions).toEqual([]);
  });

  it('free delivery from a products total, counted after the other promotions', () => {
    const free = rule({
      id: 2,
      kind: 'free_delivery',
      min_order: 40000,
      title: 'Domicilio gratis',
    });
    expect(price([free], [line(10, 22900, 2)], 5000).total).toBe(45800);
    // Under the 2x1 the products come to 22.900: below the minimum, the fee stays.
    const both = price([rule(), free], [line(10, 22900, 2)], 5000);
    expect(both.promotions.map((p) => p.id)).toEqual([1]);
    expect(both.total).toBe(22900 + 5000);
    expect(price([free], [line(10, 22900, 2)], 0).promotions).toEqual([]);
  });

  it('a unit is discounted once: the rule that takes most goes first', () => {
    const percent = rule({ id: 2, kind: 'percent', percent: 10, title: '10 %' });
    const priced = price([percent, rule()], [line(10, 20000, 2)]);
    expect(priced.promotions).toEqual([{ id: 1, title: '2x1 martes', amount: 20000 }]);
  });
});

describe('priceWithPromotions: a discount code', () => {
  const code = { discount_percent: 0, discount_amount: 5000 };

  it('the better of a promotion and a code, never both', () => {
    const promoted = priceWithPromotions({
      rules: [rule()],
      lines: [line(10, 22900, 2)],
      fee: 0,
      code,
    });
    expect(promoted).toMatchObject({ code_applied: false, code_discount: 0, total: 22900 });
    const small = rule({ kind: 'percent', percent: 5 });
    const coded = priceWithPromotions({
      rules: [small],
      lines: [line(10, 22900, 2)],
      fee: 0,
      code,
    });
    expect(coded).toMatchObject({ promotions: [], code_applied: true, total: 45800 - 5000 });
  });

  it('a rule that stacks keeps its discount and the code applies too, on what is left', () => {
    const stacking = rule({ stacks_with_code: true });
    const percent = { discount_percent: 10, discount_amount: 0 };
    const priced = priceWithPromotions({
      rules: [stacking],
      lines: [line(10, 22900, 2)],
      fee: 0,
      code: percent,
    });
    expect(priced).toMatchObject({ code_applied: true, code_discount: 2290, discount: 25190 });
  });

  it('a code alone is what it always was', () => {
    expect(couponDiscount({ discount_percent: 10, discount_amount: 0 }, 45800)).toBe(4580);
    expect(priceWithPromotions({ rules: [], lines: [line(10, 3000)], fee: 0, code })).toMatchObject(
      { code_applied: true, code_discount: 3000, total: 0 },
    );
  });
});

describe('promotionInForce', () => {
  const tuesdays: PromotionSchedule = {
    active: true,
    days: [2],
    from: '00:00',
    to: '24:00',
    branch_ids: [],
    starts_on: null,
    ends_on: null,
  };
  // 2026-12-01 is a Tuesday; the chain's clock is Bogotá's (UTC−5).
  const at = (iso: string) => new Date(iso);

  it('on its weekday, from midnight to midnight of the chain', () => {
    expect(promotionInForce(tuesdays, at('2026-12-01T05:00:00Z'), 1)).toBe(true);
    expect(promotionInForce(tuesdays, at('2026-12-02T04:59:00Z'), 1)).toBe(true);
    expect(promotionInForce(tuesdays, at('2026-12-02T05:00:00Z'), 1)).toBe(false);
    expect(promotionInForce(tuesdays, at('2026-12-01T04:59:00Z'), 1)).toBe(false);
  });

  it('a window across midnight belongs to the day it starts on', () => {
    const late = { ...tuesdays, from: '22:00', to: '02:00' };
    expect(promotionInForce(late, at('2026-12-02T03:00:00Z'), 1)).toBe(true); // Tue 22:00
    expect(promotionInForce(late, at('2026-12-02T06:59:00Z'), 1)).toBe(true); // Wed 01:59
    expect(promotionInForce(late, at('2026-12-02T07:00:00Z'), 1)).toBe(false); // Wed 02:00
    expect(promotionInForce(late, at('2026-12-01T06:00:00Z'), 1)).toBe(false); // Tue 01:00
  });

  it('within its dates, at its branches, only while active', () => {
    const tuesday = at('2026-12-01T17:00:00Z');
    expect(promotionInForce({ ...tuesdays, starts_on: '2026-12-02' }, tuesday, 1)).toBe(false);
    expect(promotionInForce({ ...tuesdays, ends_on: '2026-11-30' }, tuesday, 1)).toBe(false);
    expect(promotionInForce({ ...tuesdays, ends_on: '2026-12-01' }, tuesday, 1)).toBe(true);
    expect(promotionInForce({ ...tuesdays, branch_ids: [2, 3] }, tuesday, 1)).toBe(false);
    expect(promotionInForce({ ...tuesdays, branch_ids: [2, 3] }, tuesday, 3)).toBe(true);
    expect(promotionInForce({ ...tuesdays, active: false }, tuesday, 1)).toBe(false);
  });
});

describe('priceWithPromotions: the courier tip', () => {
  it('is paid on top of the sale and never discounted', () => {
    const lines = [line(10, 22900, 2)];
    const priced = priceWithPromotions({
      rules: [rule({ kind: 'percent', percent: 50, buy: null, pay: null })],
      lines,
      fee: 4000,
      code: { discount_percent: 10, discount_amount: 0 },
      tip: 5000,
    });
    // 45.800 products + 4.000 fee − 22.900 half off = 26.900 sold; the tip is only in `due`.
    expect(priced.total).toBe(26900);
    expect(priced.tip).toBe(5000);
    expect(priced.due).toBe(31900);
  });

  it('without a tip, what is due is the sale', () => {
    const priced = price([], [line(10, 22900)], 3000);
    expect(priced.tip).toBe(0);
    expect(priced.due).toBe(priced.total);
  });
});

import { describe, expect, it } from 'vitest';
import { choiceLimits } from './option-rules';
import { paysOwnPrice, priceRange, type RangedProduct } from './price-range';
import { unitPrice } from './pricing';

type Group = RangedProduct['modifier_group'][number];

const group = (
  required: boolean,
  type_input: 1 | 2,
  prices: readonly number[],
  extra: Partial<Group> = {},
): Group => ({
  required,
  type_input,
  modifiers_product: prices.map((price) => ({ price, selected: false })),
  ...extra,
});

describe('priceRange', () => {
  it('is the product price, not varying, without required choices', () => {
    const burger = { price: 21900, modifier_group: [group(false, 2, [3500, 2000])] };
    expect(priceRange(burger)).toEqual({ price: 21900, varies: false });
  });

  it('is the smallest size, whatever the product or branch price says', () => {
    // A branch price above every size: the sizes are what is paid.
    const pizza = { price: 17500, modifier_group: [group(true, 1, [15000, 20000, 26000])] };
    expect(priceRange(pizza)).toEqual({ price: 15000, varies: true });
  });

  it('does not vary when every size costs the same', () => {
    const pizza = { price: 9000, modifier_group: [group(true, 1, [15000, 15000])] };
    expect(priceRange(pizza)).toEqual({ price: 15000, varies: false });
  });

  it('counts a free size at the product price', () => {
    const coffee = { price: 4000, modifier_group: [group(true, 1, [0, 5500])] };
    expect(priceRange(coffee)).toEqual({ price: 4000, varies: true });
    const cheaperPriced = { price: 6000, modifier_group: [group(true, 1, [0, 5500])] };
    expect(priceRange(cheaperPriced)).toEqual({ price: 5500, varies: true });
  });

  it('leaves out sizes sold out at the branch, unless every one is', () => {
    const pizza = {
      price: 15000,
      modifier_group: [
        {
          required: true,
          type_input: 1,
          modifiers_product: [
            { price: 15000, selected: false, sold_out: true },
            { price: 20000, selected: false },
          ],
        },
      ],
    };
    expect(priceRange(pizza)).toEqual({ price: 20000, varies: false });
    const allOut = {
      ...pizza,
      modifier_group: [
        {
          ...pizza.modifier_group[0]!,
          modifiers_product: pizza.modifier_group[0]!.modifiers_product.map((o) => ({
            ...o,
            sold_out: true,
          })),
        },
      ],
    };
    expect(priceRange(allOut)).toEqual({ price: 15000, varies: true });
  });

  it('adds the cheapest required sauces to the price', () => {
    const wings = {
      price: 12000,
      modifier_group: [group(true, 2, [1500, 500, 0], { min_choices: 2 })],
    };
    expect(priceRange(wings)).toEqual({ price: 12500, varies: true });
  });

  // The two ends must be what unitPrice charges for the cheapest and dearest of all the ways to
  // fill the required groups: every combination is tried here, on products drawn at random.
  it('matches unitPrice over every way to fill the required groups', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pricePool = [0, 0, 500, 1500, 15000, 20000];
    for (let round = 0; round < 400; round += 1) {
      const groups: Group[] = Array.from({ length: 1 + random(3) }, () =>
        group(
          random(4) > 0,
          random(2) === 0 ? 1 : 2,
          Array.from({ length: 1 + random(3) }, () => pricePool[random(pricePool.length)]!),
          { min_choices: 1 + random(2) },
        ),
      );
      const product = { price: [4000, 16000][random(2)]!, modifier_group: groups };
      const totals = selections(groups).map((chosen) =>
        unitPrice({
          price: product.price,
          modifier_group: groups.map((g, index) => ({
            ...g,
            modifiers_product: g.modifiers_product.map((o, at) => ({
              ...o,
              selected: chosen[index]!.includes(at),
            })),
          })),
        }),
      );
      const low = Math.min(...totals);
      expect(priceRange(product), JSON.stringify(product)).toEqual({
        price: low,
        varies: Math.max(...totals) !== low,
      });
      // A price never paid cannot move what the menu shows.
      if (!paysOwnPrice(groups)) {
        expect(priceRange({ ...product, price: product.price + 1000 })).toEqual(
          priceRange(product),
        );
      }
    }
  });
});

/** Every minimal way to fill the groups: one option per required single choice, exactly the
 * minimum of a required multiple choice, nothing in an optional group. */
function selections(groups: readonly Group[]): number[][][] {
  let ways: number[][][] = [[]];
  for (const g of groups) {
    const indexes = g.modifiers_product.map((_, at) => at);
    const size = g.required ? Math.min(choiceLimits(g).min, indexes.length) : 0;
    const picks = subsets(indexes, size);
    ways = ways.flatMap((way) => picks.map((pick) => [...way, pick]));
  }
  return ways;
}

function subsets(items: readonly number[], size: number): number[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, at) =>
    subsets(items.slice(at + 1), size - 1).map((rest) => [item, ...rest]),
  );
}

describe('paysOwnPrice', () => {
  it('is false only when a size prices every option', () => {
    expect(paysOwnPrice([group(true, 1, [15000, 20000])])).toBe(false);
    expect(paysOwnPrice([group(true, 1, [0, 20000])])).toBe(true);
    expect(paysOwnPrice([group(true, 2, [1500, 2000])])).toBe(true);
    expect(paysOwnPrice([group(false, 1, [1500, 2000])])).toBe(true);
    expect(paysOwnPrice([group(true, 1, [])])).toBe(true);
  });
});

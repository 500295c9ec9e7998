import { describe, expect, it } from 'vitest';
import {
  allowedPreset,
  choiceLimits,
  choiceProblem,
  isSingleChoice,
  tapOption,
  type OptionGroupRule,
} from './option-rules';

const size: OptionGroupRule = { required: true, type_input: 1 };
const extras: OptionGroupRule = { required: false, type_input: 2 };
const optionalDrink: OptionGroupRule = { required: false, type_input: 1 };
const sauces: OptionGroupRule = { required: true, type_input: 2 };

const problem = (group: OptionGroupRule, chosen: number) =>
  choiceProblem(group, chosen)?.code ?? null;

describe('the four kinds of group (required × type_input)', () => {
  it('required single choice (a size): exactly one', () => {
    expect(isSingleChoice(size)).toBe(true);
    expect([0, 1, 2].map((n) => problem(size, n))).toEqual(['missing', null, 'too_many']);
  });

  it('optional multiple choice (extras): any number, none included', () => {
    expect(isSingleChoice(extras)).toBe(false);
    expect([0, 1, 2, 9].map((n) => problem(extras, n))).toEqual([null, null, null, null]);
  });

  it('optional single choice: none or one', () => {
    expect(isSingleChoice(optionalDrink)).toBe(true);
    expect([0, 1, 2].map((n) => problem(optionalDrink, n))).toEqual([null, null, 'too_many']);
  });

  it('required multiple choice: at least one, as many as wanted', () => {
    expect(isSingleChoice(sauces)).toBe(false);
    expect([0, 1, 2, 9].map((n) => problem(sauces, n))).toEqual(['missing', null, null, null]);
  });

  it('reports the limits with the reason, for messages that name them', () => {
    expect(choiceProblem(size, 2)).toEqual({ code: 'too_many', min: 1, max: 1 });
    expect(choiceProblem(sauces, 0)).toEqual({
      code: 'missing',
      min: 1,
      max: Number.POSITIVE_INFINITY,
    });
  });
});

describe('min_choices and max_choices', () => {
  it('a required multiple choice with a minimum and a maximum', () => {
    const twoToThree = { ...sauces, min_choices: 2, max_choices: 3 };
    expect(choiceLimits(twoToThree)).toEqual({ min: 2, max: 3 });
    expect([0, 1, 2, 3, 4].map((n) => problem(twoToThree, n))).toEqual([
      'missing',
      'too_few',
      null,
      null,
      'too_many',
    ]);
  });

  it('an optional multiple choice with a maximum still accepts none', () => {
    const upToTwo = { ...extras, max_choices: 2 };
    expect([0, 2, 3].map((n) => problem(upToTwo, n))).toEqual([null, null, 'too_many']);
  });

  it('a minimum only tightens a required group', () => {
    expect(choiceLimits({ ...extras, min_choices: 2 })).toEqual({
      min: 0,
      max: Number.POSITIVE_INFINITY,
    });
  });

  it('a single choice allows one whatever max_choices says', () => {
    expect(choiceLimits({ ...size, max_choices: 3 })).toEqual({ min: 1, max: 1 });
    expect(choiceLimits({ ...optionalDrink, max_choices: 3 })).toEqual({ min: 0, max: 1 });
  });

  it('never makes a group impossible: a minimum above the maximum is lowered to it', () => {
    expect(choiceLimits({ ...sauces, min_choices: 5, max_choices: 2 })).toEqual({ min: 2, max: 2 });
    expect(choiceLimits({ ...size, min_choices: 3 })).toEqual({ min: 1, max: 1 });
  });

  it('ignores unusable limits (zero, negative, fractional, null)', () => {
    for (const value of [0, -1, 1.5, null, Number.NaN]) {
      expect(choiceLimits({ ...sauces, min_choices: value, max_choices: value })).toEqual({
        min: 1,
        max: Number.POSITIVE_INFINITY,
      });
    }
  });
});

describe('tapOption', () => {
  it('single choice: the tapped option replaces the chosen one', () => {
    expect(tapOption(size, [], 10)).toEqual([10]);
    expect(tapOption(size, [10], 11)).toEqual([11]);
    expect(tapOption(optionalDrink, [10], 11)).toEqual([11]);
  });

  it('tapping the chosen option again clears an optional single choice, not a required one', () => {
    expect(tapOption(optionalDrink, [10], 10)).toEqual([]);
    const chosen = [10];
    expect(tapOption(size, chosen, 10)).toBe(chosen);
  });

  it('multiple choice toggles, required or not', () => {
    for (const group of [extras, sauces]) {
      expect(tapOption(group, [10], 11)).toEqual([10, 11]);
      expect(tapOption(group, [10, 11], 10)).toEqual([11]);
    }
  });

  it('multiple choice ignores a new option beyond the maximum, and still lets one go', () => {
    const upToTwo = { ...extras, max_choices: 2 };
    const full = [10, 11];
    expect(tapOption(upToTwo, full, 12)).toBe(full);
    expect(tapOption(upToTwo, full, 11)).toEqual([10]);
  });
});

describe('allowedPreset', () => {
  it('keeps the first preset choices a group allows', () => {
    expect(allowedPreset(size, [10, 11])).toEqual([10]);
    expect(allowedPreset(optionalDrink, [10, 11])).toEqual([10]);
    expect(allowedPreset(extras, [10, 11, 12])).toEqual([10, 11, 12]);
    expect(allowedPreset({ ...sauces, max_choices: 2 }, [10, 11, 12])).toEqual([10, 11]);
  });
});

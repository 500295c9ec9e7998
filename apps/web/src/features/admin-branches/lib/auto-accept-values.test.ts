import { AUTO_ACCEPT_MESSAGES, autoAcceptRules, type AutoAcceptRules } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { problemsFromParse } from '@/lib/form/problems';
import {
  AUTO_ACCEPT_FIELDS,
  autoAcceptConflict,
  autoAcceptRulesOf,
  autoAcceptValues,
  versionToClaim,
} from './auto-accept-values';

const NONE: AutoAcceptRules = {
  asap: false,
  scheduled: false,
  paid_online_only: false,
  max_total: null,
  windows: [],
};
const LUNCH = { days: [1, 2, 3, 4, 5], from: '11:30', to: '15:00' };

describe('the card’s values', () => {
  it('go back to the same rules', () => {
    const rules = { ...NONE, asap: true, max_total: 50_000, windows: [LUNCH] };
    expect(autoAcceptValues(rules)).toEqual({
      asap: '1',
      scheduled: '',
      paid_online_only: '',
      max_total: '50000',
      windows: JSON.stringify([LUNCH]),
    });
    expect(autoAcceptRulesOf(autoAcceptValues(rules))).toEqual(rules);
  });

  it('read an empty total as any total and pesos as typed; the schema refuses the rest', () => {
    const total = (text: string) =>
      autoAcceptRulesOf({ ...autoAcceptValues(NONE), max_total: text }).max_total;
    expect(total('  ')).toBeNull();
    expect(total('$50.000')).toBe(50_000);
    expect(total('cincuenta')).toBeNaN();
    for (const text of ['0', 'cincuenta', '1,5']) {
      const values = { ...autoAcceptValues(NONE), max_total: text };
      const problems = problemsFromParse(
        autoAcceptRules.safeParse(autoAcceptRulesOf(values)),
        AUTO_ACCEPT_FIELDS,
      );
      expect(problems.fields, text).toEqual({ max_total: AUTO_ACCEPT_MESSAGES.maxTotal });
    }
  });
});

describe('versionToClaim', () => {
  const started = { version: 4, rules: { ...NONE, asap: true } };

  it('claims the newer version when only the branch’s other data moved it', () => {
    expect(versionToClaim(started, { version: 6, rules: { ...NONE, asap: true } })).toBe(6);
  });

  it('claims the card’s own version when the rules changed since, so the server says 409', () => {
    expect(versionToClaim(started, { version: 6, rules: { ...NONE, scheduled: true } })).toBe(4);
    expect(versionToClaim(started, undefined)).toBe(4);
  });
});

describe('the conflict box', () => {
  it('reads the 409’s rules as the card’s values and shows them in words', () => {
    const current = { ...NONE, asap: true, max_total: 50_000, windows: [LUNCH], version: 9 };
    expect(autoAcceptConflict.read(current)).toEqual({
      values: autoAcceptValues(current),
      version: 9,
    });
    expect(autoAcceptConflict.read({ asap: true })).toBeNull();
    const shown = autoAcceptConflict.shown!;
    expect(shown('asap', '1')).toBe('Sí');
    expect(shown('paid_online_only', '')).toBe('No');
    expect(shown('max_total', '')).toBe('Cualquier total');
    expect(shown('max_total', '50000')).toMatch(/^\$\s?50\.000$/);
    expect(shown('windows', '[]')).toBe('A cualquier hora');
    expect(shown('windows', JSON.stringify([LUNCH]))).toContain('11:30 a 15:00');
  });
});

import { describe, expect, it } from 'vitest';
import { goalTable, measureGoals } from './bench-goals.mjs';
import { headlineGroups } from './bench-headline.mjs';

const machine = { cpu: 'AMD EPYC', cores: 2, memory_gib: 24, node: 'v22', speed: { cpu_ms: 50 } };
let minute = 0;
const run = (script, variant, figures, noisy = false) => ({
  script,
  variant,
  started_at: `2026-12-01T10:${String(minute++).padStart(2, '0')}:00.000Z`,
  machine,
  noisy,
  load: noisy ? { start: 5.5, end: 6.25 } : { start: 0.5, end: 1.5 },
  figures: figures.map(([name, value, met]) => ({ name, value, unit: '%', goal: '≥ 50 %', met })),
});
const goal = {
  text: 'orders: ≥ 50 % of the ceiling',
  script: 'orders',
  figure: /^orders\/s of the bare ceiling’s$/,
  budget: '≥ 50 %',
  worst: 'min',
};
const ratio = 'orders/s of the bare ceiling’s';

describe('the goals table', () => {
  it('gives the worst variant’s median, the median of the variants, and whether each met it', () => {
    const records = [
      ...[60, 62, 58].map((v) => run('orders', 'sqlite', [[ratio, v, true]])),
      ...[48, 52, 55].map((v) => run('orders', 'postgresql', [[ratio, v, v >= 50]])),
      run('orders', 'postgresql', [[ratio, 10, false]], true),
    ];
    const { rows, problems } = measureGoals(headlineGroups(records), [goal]);
    expect(problems).toEqual([]);
    const line = goalTable(rows).split('\n')[2];
    // The noisy run (10 %) is left out: postgresql's median is 52, sqlite's 60.
    expect(line).toContain('| 2 | **52** % (postgresql) | 56 |');
    expect(line).toContain('| yes (1 of 2 missed it in a run) |');
  });

  it('shows beside it the worst median over every run, noisy ones included, with their load', () => {
    const records = [
      ...[60, 62, 58].map((v) => run('orders', 'sqlite', [[ratio, v, true]])),
      ...[48, 52, 55].map((v) => run('orders', 'postgresql', [[ratio, v, v >= 50]])),
      run('orders', 'postgresql', [[ratio, 10, false]], true),
    ];
    const line = goalTable(measureGoals(headlineGroups(records), [goal]).rows).split('\n')[2];
    // postgresql over its four runs: 10, 48, 52, 55 → 50; the noisy run ended at load 6.25.
    expect(line).toContain('| 56 | 50 (4 runs, load ≤ 6.25) |');
  });

  it('keeps the row of a goal only noisy runs measured: not judged, its every-run median given', () => {
    const records = [30, 40].map((v) => run('orders', 'postgresql', [[ratio, v, false]], true));
    const { rows, problems } = measureGoals(headlineGroups(records), [goal]);
    expect(problems).toEqual([]);
    expect(goalTable(rows).split('\n')[2]).toContain(
      '| 1 | **—** |  | 35 (2 runs, load ≤ 6.25) | not judged: no quiet run | — |',
    );
  });

  it('says so when a variant misses its goal in most runs', () => {
    const records = [40, 45, 52].map((v) => run('orders', 'sqlite', [[ratio, v, v >= 50]]));
    const { rows } = measureGoals(headlineGroups(records), [goal]);
    expect(goalTable(rows)).toContain('| **no**: 0 of 1 |');
  });

  it('refuses a recorded goal that no row covers, and a row nothing measured', () => {
    const records = [run('orders', 'sqlite', [['p99 emit → answer', 70, true]])];
    const { problems } = measureGoals(headlineGroups(records), [goal]);
    expect(problems).toEqual([
      'bench:orders (sqlite) "p99 emit → answer" (≥ 50 %) is in no goal',
      'goal "orders: ≥ 50 % of the ceiling" has no recorded figure',
    ]);
  });

  it('gives a row bound to a variant only that variant’s figures', () => {
    const records = [
      ...[60, 62, 58].map((v) => run('orders', 'sqlite', [[ratio, v, true]])),
      ...[48, 52, 55].map((v) => run('orders', 'postgresql', [[ratio, v, v >= 50]])),
    ];
    const rows = [
      { ...goal, text: 'on SQLite', variant: 'sqlite' },
      { ...goal, text: 'on PostgreSQL', variant: 'postgresql' },
    ];
    const measured = measureGoals(headlineGroups(records), rows);
    expect(measured.problems).toEqual([]);
    const [sqlite, postgresql] = goalTable(measured.rows).split('\n').slice(2);
    expect(sqlite).toContain('| on SQLite | bench:orders | 1 | **60** % |');
    expect(postgresql).toContain('| on PostgreSQL | bench:orders | 1 | **52** % |');
  });

  it('gives a row bound to a pattern of variants each of them, and no other', () => {
    const records = [
      ...[60, 62].map((v) => run('orders', 'sqlite', [[ratio, v, true]])),
      ...[44, 46].map((v) => run('orders', 'sqlite, loaded', [[ratio, v, false]])),
      ...[40, 42].map((v) => run('orders', 'postgresql, loaded', [[ratio, v, false]])),
    ];
    const rows = [
      { ...goal, text: 'on SQLite', variant: 'sqlite' },
      { ...goal, text: 'loaded', variant: /, loaded$/ },
    ];
    const measured = measureGoals(headlineGroups(records), rows);
    expect(measured.problems).toEqual([]);
    const [sqlite, loaded] = goalTable(measured.rows).split('\n').slice(2);
    expect(sqlite).toContain('| on SQLite | bench:orders | 1 | **61** % |');
    expect(loaded).toContain('| loaded | bench:orders | 2 | **41** % (postgresql, loaded) | 43 |');
    expect(loaded).toContain('**no**: 0 of 2');
  });

  it('judges a goal by the variants with quiet runs, leaving out one measured only on a loaded machine', () => {
    const records = [
      ...[60, 62, 58].map((v) => run('orders', 'sqlite', [[ratio, v, true]])),
      run('orders', 'sqlite, small', [[ratio, 40, false]], true),
    ];
    const measured = measureGoals(headlineGroups(records), [goal]);
    const [row] = goalTable(measured.rows).split('\n').slice(2);
    expect(row).toContain('| bench:orders | 2 | **60** % |');
    expect(row).toMatch(/\| yes \|/);
  });

  it('refuses a row whose budget is not the one the script records', () => {
    const records = [run('orders', 'sqlite', [[ratio, 60, true]])];
    const { problems } = measureGoals(headlineGroups(records), [{ ...goal, budget: '≥ 60 %' }]);
    expect(problems).toEqual([
      'bench:orders (sqlite) "orders/s of the bare ceiling’s" is recorded with goal "≥ 50 %", its row says "≥ 60 %"',
    ]);
  });
});

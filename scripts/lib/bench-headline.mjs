// Which recorded runs of the bench scripts count (docs/benchmarks.md, "How figures are taken"):
// for each script and variant, the latest three quiet runs on the machine that ran it last. Both
// generated tables (the goals in docs/benchmarks.md, every figure in
// docs/benchmarks/all-figures.md) read the same selection, so they cannot disagree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sameMachine } from './machine-speed.mjs';

export const RUNS = 3;

/** Every record in `dir` (docs/bench-results), as the bench scripts wrote them. */
export function readRecords(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')));
}

export const medianOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A figure as the tables print it: thousands separated, three significant digits below 100. */
export const show = (value) =>
  value === null || value === undefined
    ? '—'
    : Math.abs(value) >= 100
      ? Math.round(value).toLocaleString('en-US')
      : String(Number(value.toPrecision(3)));

/**
 * The records grouped by script and variant, sorted by name, each with `all` its records in
 * time order, `quiet` those that were not noisy and `runs` the ones that count (empty when
 * every run was noisy).
 */
export function headlineGroups(records) {
  const byKey = new Map();
  for (const record of records) {
    const key = `${record.script}\u0000${record.variant ?? ''}`;
    byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }
  return [...byKey.keys()].sort().map((key) => {
    const all = byKey.get(key).sort((a, b) => a.started_at.localeCompare(b.started_at));
    const { script, variant } = all[0];
    const quiet = all.filter((record) => !record.noisy);
    const latest = quiet.at(-1)?.machine;
    const runs = latest
      ? quiet.filter((record) => sameMachine(record.machine, latest)).slice(-RUNS)
      : [];
    const name = `bench:${script}${variant ? ` (${variant})` : ''}`;
    return { script, variant, name, all, quiet, runs };
  });
}

/**
 * One figure of a group across its counted runs: each run's value (undefined where the run did
 * not record it), the median, the last unit and goal, and which runs met the goal.
 */
export function figureAcross(group, figureName) {
  const values = group.runs.map((run) => run.figures.find((f) => f.name === figureName));
  const numbers = values.filter((v) => v && v.value !== null).map((v) => v.value);
  const last = values.findLast((v) => v) ?? {};
  const judged = values.filter((v) => v && v.met !== null);
  return {
    values,
    median: numbers.length ? medianOf(numbers) : null,
    unit: last.unit ?? '',
    goal: last.goal ?? null,
    judged: judged.length,
    met: judged.filter((v) => v.met).length,
  };
}

/**
 * One figure across every recorded run of a group, noisy ones included (the headline
 * also shows what a shared, loaded machine gives, not only the quiet runs): the median, how many
 * runs recorded it and the highest 1-minute load any of them started or ended at.
 */
export function figureAcrossEveryRun(group, figureName) {
  const runs = group.all.filter((run) =>
    run.figures.some((f) => f.name === figureName && f.value !== null),
  );
  const numbers = runs.map((run) => run.figures.find((f) => f.name === figureName).value);
  const loads = runs.flatMap((run) => [run.load?.start, run.load?.end]).filter(Number.isFinite);
  return {
    median: numbers.length ? medianOf(numbers) : null,
    count: numbers.length,
    maxLoad: loads.length ? Math.max(...loads) : null,
  };
}

/** The figure names a group's counted runs recorded, in the order the runs first wrote them. */
export const figureNames = (group) => [
  ...new Set(group.runs.flatMap((run) => run.figures.map((f) => f.name))),
];

/** The dates of a group's counted runs. */
export const runDates = (runs) => [...new Set(runs.map((run) => run.started_at.slice(0, 10)))];

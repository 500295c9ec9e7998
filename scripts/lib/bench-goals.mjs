// The project's performance goals (docs/architecture.md «Performance budgets») as rows of the
// headline table in docs/benchmarks.md: each goal names the script and the recorded figures that
// measure it (`where` names the variant: a route, a page, a database size), its budget as the
// scripts record it, which end of the figures is the worst, and, for a budget that differs by
// database, the one variant it holds for. Every figure recorded with a
// goal must belong to exactly one row, so a new budget in a script cannot stay out of the table.
import {
  figureAcross,
  figureAcrossEveryRun,
  figureNames,
  medianOf,
  runDates,
  show,
} from './bench-headline.mjs';

const lowest = 'min';
const highest = 'max';

export const GOALS = [
  [
    'catalogue API and pages: requests/s ≥ 85 % of the ceiling’s',
    'api',
    /^(?<where>.+): req\/s of the ceiling's$/,
    '≥ 85 %',
    lowest,
  ],
  [
    'catalogue API and pages: CPU per request ≥ 85 % of the ceiling’s (its CPU over ours)',
    'api',
    /^(?<where>.+): CPU per request, the ceiling's over Comanda's$/,
    '≥ 85 %',
    lowest,
  ],
  [
    'catalogue API and pages: p99 ≤ 2× the ceiling’s',
    'api',
    /^(?<where>.+): p99 over the ceiling's$/,
    '≤ 2×',
    highest,
  ],
  [
    'catalogue API and pages under load: event-loop delay p99 ≤ 10 ms',
    'api',
    /^(?<where>.+): event-loop delay p99$/,
    '≤ 10 ms',
    highest,
  ],
  [
    'catalogue API and pages under load: event-loop delay max ≤ 30 ms',
    'api',
    /^(?<where>.+): event-loop delay max$/,
    '≤ 30 ms',
    highest,
  ],
  [
    'a rendered category page: CPU per request ≤ 3× the category API’s',
    'render',
    /^(?<where>.+): CPU per request over the API’s$/,
    '≤ 3×',
    highest,
  ],
  [
    '/menu first load: ≤ 100 KB of gzipped JavaScript',
    'web',
    /^\/menu first-load JS, gzip$/,
    '≤ 100.0 KB',
    highest,
  ],
  [
    'a first visit to /menu, no input: ≤ 100 KB of gzipped JavaScript downloaded',
    'lighthouse',
    /^\/menu without input: JavaScript downloaded, gzip$/,
    '≤ 100.0 KB',
    highest,
  ],
  [
    'Lighthouse mobile: performance ≥ 95 on the four landing pages',
    'lighthouse',
    /^(?<where>\/.*): performance$/,
    '≥ 95',
    lowest,
  ],
  ['Lighthouse mobile: LCP ≤ 2.0 s', 'lighthouse', /^(?<where>\/.*): LCP$/, '≤ 2.0 s', highest],
  ['Lighthouse mobile: TBT ≤ 150 ms', 'lighthouse', /^(?<where>\/.*): TBT$/, '≤ 150 ms', highest],
  ['Lighthouse mobile: CLS ≤ 0.05', 'lighthouse', /^(?<where>\/.*): CLS$/, '≤ 0.05', highest],
  [
    'Lighthouse mobile: accessibility 100',
    'lighthouse',
    /^(?<where>\/.*): accessibility$/,
    '100',
    lowest,
  ],
  ['Lighthouse mobile: SEO 100', 'lighthouse', /^(?<where>\/.*): seo$/, '100', lowest],
  [
    'the storefront installs (no installability error: 1)',
    'lighthouse',
    /^installable \(Chromium: no installability error\)$/,
    '1',
    lowest,
  ],
  [
    'orders at 200 clients on SQLite: ≥ 75 % of a bare-database loop’s orders/s',
    'orders',
    /^orders\/s of the bare ceiling’s$/,
    '≥ 75 %',
    lowest,
    'sqlite',
  ],
  [
    'orders at 200 clients on PostgreSQL: ≥ 60 % of a bare-database loop’s orders/s',
    'orders',
    /^orders\/s of the bare ceiling’s$/,
    '≥ 60 %',
    lowest,
    'postgresql',
  ],
  [
    'orders at 200 clients: the server’s main thread ≤ 120 µs of CPU per order',
    'orders',
    /^server main thread CPU per order$/,
    '≤ 120 µs',
    highest,
  ],
  [
    'orders at 200 clients: p99 ≤ 100 ms from emit to answer',
    'orders',
    /^p99 emit → answer$/,
    '≤ 100 ms',
    highest,
  ],
  [
    'orders at 200 clients on a machine loaded to twice its cores: ≥ 40 % of the bare loop’s orders/s',
    'orders',
    /^orders\/s of the bare ceiling’s$/,
    '≥ 40 %',
    lowest,
    /, loaded to twice its cores$/,
  ],
  ['orders at 200 clients: no errors', 'orders', /^errors$/, '0', highest],
  [
    'the board hears a new order, a customer a status change: p99 ≤ 250 ms',
    'board',
    /^(?<where>emit → board|request → customer) p99$/,
    '≤ 250 ms',
    highest,
  ],
  [
    'every board hears every order (deliveries of expected: 100 %)',
    'board',
    /^board deliveries of expected$/,
    '100 %',
    lowest,
  ],
  [
    'a history page with 1 M orders: p50 ≤ 4 ms',
    'history',
    /^(?<where>history page 1): p50 over HTTP$/,
    '≤ 4 ms',
    highest,
  ],
  [
    'a day’s list a year back with 1 M orders: p50 ≤ 10 ms',
    'history',
    /^(?<where>staff day list, a year ago): p50 over HTTP$/,
    '≤ 10 ms',
    highest,
  ],
  [
    'a request’s session work with the session cache: p50 ≤ 0.5 ms',
    'history',
    /^session work per request .*: with the session cache, p50 over HTTP$/,
    '≤ 0.5 ms',
    highest,
  ],
  [
    'up to a 100× menu and 1 M orders: event-loop delay p99 ≤ 10 ms',
    'scale',
    /^(?<where>.+) event-loop delay p99$/,
    '≤ 10 ms',
    highest,
  ],
  [
    'up to a 100× menu and 1 M orders: event-loop delay max ≤ 30 ms',
    'scale',
    /^(?<where>.+) event-loop delay max$/,
    '≤ 30 ms',
    highest,
  ],
  [
    'rendered pages and their API under load, one admin save a second: event-loop delay p99 ≤ 20 ms',
    'scale',
    /^(?<where>.+): rendered pages under edits: loop delay p99$/,
    '≤ 20 ms',
    highest,
  ],
  [
    'rendered pages and their API under load, one admin save a second: event-loop delay max ≤ 50 ms',
    'scale',
    /^(?<where>.+): rendered pages under edits: loop delay max$/,
    '≤ 50 ms',
    highest,
  ],
  [
    'rendered pages under load, one admin save a second: /menu keeps ≥ 70 % of its quiet rate',
    'scale',
    /^(?<where>.+): rendered pages under edits: \/menu rate of its quiet rate$/,
    '≥ 70 %',
    lowest,
  ],
  [
    'one admin save a second under load: each visible on the API and the rendered page within 1 s',
    'scale',
    /^(?<where>.+: rendered pages under edits: save visible on the (?:API|rendered page)), slowest$/,
    '≤ 1000 ms',
    highest,
  ],
  [
    'a 100× menu after the rendered pages under one admin save a second: server RSS ≤ 300 MB',
    'scale',
    /^(?<where>.+): rendered pages under edits: server RSS after the saves$/,
    '≤ 300 MB',
    highest,
  ],
  [
    'after 10,000 storefront sockets close: the heap left ≤ 10 % of what they took',
    'sockets',
    /^heap left after they closed, of what they took$/,
    '≤ 10 %',
    highest,
  ],
  [
    'paid online: every order reaches the branch once (of 1,000)',
    'payments',
    /^orders received once$/,
    '1000',
    lowest,
  ],
  [
    'paid online: no order lost or doubled',
    'payments',
    /^orders (?<where>lost|doubled)$/,
    '0',
    highest,
  ],
  [
    'paid online: every refund owed made once (% of owed)',
    'payments',
    /^refunds made of owed$/,
    '100 %, no more',
    lowest,
  ],
  [
    'a delivery promise at a dinner peak (courier-aware estimate): delivered − promised p90 ≤ 10 min',
    'promise',
    /^courier-aware estimate: delivered − promised p90$/,
    '≤ 10 min',
    highest,
  ],
  [
    'a delivery promise at a dinner peak: courier-aware p90 under half the kitchen-only estimate’s',
    'promise',
    /^courier-aware p90 of the kitchen-only p90$/,
    '< 50 %',
    highest,
  ],
  [
    'Informes at 2 M orders and 300 branches: every report p95 ≤ 1 s on SQLite',
    'insights',
    /^(?<where>.+): p95 over HTTP \(SQLite\)$/,
    '≤ 1000 ms',
    highest,
  ],
  [
    'Informes at 2 M orders and 300 branches: every report p95 ≤ 300 ms on PostgreSQL',
    'insights',
    /^(?<where>.+): p95 over HTTP \(PostgreSQL\)$/,
    '≤ 300 ms',
    highest,
  ],
  [
    'order placement while the insights rollups are kept: ≥ 95 % of its rate without',
    'insights',
    /^placement with the catch-up of without$/,
    '≥ 95 %',
    lowest,
  ],
].map(([text, script, figure, budget, worst, variant = null]) => ({
  text,
  script,
  figure,
  budget,
  worst,
  variant,
}));

/**
 * The figures of a group's counted runs, then those only its other runs recorded (every run was
 * noisy, or ran on another machine): a goal measured only on a loaded machine still has its row,
 * its quiet median empty and its every-run median given.
 */
function goalFigureNames(group) {
  const counted = figureNames(group);
  const others = group.all.flatMap((run) => run.figures.map((f) => f.name));
  return [...new Set([...counted, ...others])];
}

/**
 * Whether a row measures this figure of this group: its script, its variant if it names one (a
 * name, or a pattern for several: each database's run on a loaded machine).
 */
const goalCovers = (goal, group, name) =>
  goal.script === group.script &&
  variantCovers(goal.variant, group.variant) &&
  goal.figure.test(name);

const variantCovers = (wanted, variant) =>
  !wanted || (wanted instanceof RegExp ? wanted.test(variant ?? '') : wanted === variant);

/** The goal the latest run that recorded the figure gave it, or null. */
function goalOf(group, name) {
  const latest = group.all.findLast((run) => run.figures.some((f) => f.name === name));
  return latest?.figures.find((f) => f.name === name).goal ?? null;
}

/**
 * Each goal with what measured it: `entries` (one per variant and matching figure: its label,
 * median over the counted runs and how many runs met it) and the counted runs. `problems` lists
 * what makes the table untrustworthy: a goal nothing measured, a figure with a goal no row
 * covers (or two do), a budget recorded differently from the row's.
 */
export function measureGoals(groups, goals = GOALS) {
  const rows = goals.map((goal) => ({ goal, entries: [], runs: [] }));
  const problems = [];
  for (const group of groups) {
    for (const name of goalFigureNames(group)) {
      const figure = { ...figureAcross(group, name), goal: goalOf(group, name) };
      // A figure without a goal (a warm-up's delay, a raw rate beside its ratio) is no goal's.
      if (figure.goal === null) continue;
      const owners = rows.filter(({ goal }) => goalCovers(goal, group, name));
      if (owners.length > 1)
        problems.push(`${group.name} "${name}" matches ${owners.length} goals`);
      if (owners.length === 0) {
        problems.push(`${group.name} "${name}" (${figure.goal}) is in no goal`);
        continue;
      }
      const [row] = owners;
      if (figure.goal !== row.goal.budget) {
        problems.push(
          `${group.name} "${name}" is recorded with goal "${figure.goal}", its row says "${row.goal.budget}"`,
        );
      }
      const where = row.goal.figure.exec(name).groups?.where;
      row.entries.push({
        label: [group.variant, where].filter(Boolean).join(' ') || group.name,
        ...figure,
        every: figureAcrossEveryRun(group, name),
      });
      row.runs.push(...group.runs.filter((run) => !row.runs.includes(run)));
    }
  }
  for (const row of rows) {
    if (row.entries.length === 0) problems.push(`goal "${row.goal.text}" has no recorded figure`);
  }
  return { rows, problems };
}

const machineName = (m) => `${m.cpu} × ${m.cores}`;

/**
 * The worst variant's median over every recorded run, noisy ones included, with how many runs
 * and the highest load they saw: what a shared machine gives, beside the quiet figure.
 */
function everyRunCell(goal, entries) {
  const measured = entries.filter((entry) => entry.every.median !== null);
  if (measured.length === 0) return '—';
  const pick = goal.worst === lowest ? Math.min : Math.max;
  const worst = pick(...measured.map((entry) => entry.every.median));
  const runs = Math.max(...measured.map((entry) => entry.every.count));
  const loads = measured.map((entry) => entry.every.maxLoad).filter((load) => load !== null);
  const load = loads.length ? `, load ≤ ${show(Math.max(...loads))}` : '';
  return `${show(worst)} (${runs} run${runs === 1 ? '' : 's'}${load})`;
}

function goalLine({ goal, entries, runs }) {
  const measured = entries.filter((entry) => entry.median !== null);
  const pick = goal.worst === lowest ? Math.min : Math.max;
  const worstValue = measured.length ? pick(...measured.map((entry) => entry.median)) : null;
  const worst = measured.find((entry) => entry.median === worstValue);
  const where = measured.length > 1 && worst ? ` (${worst.label})` : '';
  const median = measured.length > 1 ? `${show(medianOf(measured.map((e) => e.median)))}` : '';
  const n = entries.length;
  const unit = measured[0]?.unit ?? '';
  return (
    `| ${goal.text} | bench:${goal.script} | ${n} | **${show(worstValue)}**${unit ? ` ${unit}` : ''}${where} | ` +
    `${median} | ${everyRunCell(goal, entries)} | ${metCell(entries, runs)} | ${whereAndWhen(runs)} |`
  );
}

/** Whether the goal is met: by most counted runs of every variant, and by each run. */
function metCell(entries, runs) {
  // Only noisy runs (or runs of another machine): nothing to judge the goal by yet.
  if (runs.length === 0) return 'not judged: no quiet run';
  // A variant meets its goal when most of its counted runs did: its median does. A variant
  // with no quiet run (a smaller data set measured once on a loaded machine) is not judged.
  const judged = entries.filter((entry) => entry.judged > 0);
  if (judged.length === 0) return 'not judged: no quiet run';
  const metBy = judged.filter((entry) => entry.met * 2 > entry.judged).length;
  const everyRun = judged.filter((entry) => entry.met === entry.judged).length;
  const n = judged.length;
  if (metBy < n) return `**no**: ${metBy} of ${n}`;
  return everyRun < n ? `yes (${n - everyRun} of ${n} missed it in a run)` : 'yes';
}

/** The machines and the dates of the counted runs. */
function whereAndWhen(runs) {
  if (runs.length === 0) return '—';
  const machines = [...new Set(runs.map((run) => machineName(run.machine)))].join(', ');
  const dates = runDates(runs).sort();
  const span = dates.length > 1 ? `${dates[0]} – ${dates.at(-1)}` : dates[0];
  return `${machines}; ${span}`;
}

/** The headline table: one row per goal. */
export function goalTable(rows) {
  return [
    '| goal | script | variants | worst (median of its quiet runs) | median of the variants | worst, every run (noisy included) | met | machine; dates |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(goalLine),
  ].join('\n');
}

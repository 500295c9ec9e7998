// Every bench script's record of one run: the machine, the load average before and after, whether
// the run was noisy, and its figures. Written as JSON to docs/bench-results/ (BENCH_RESULTS_DIR
// elsewhere; BENCH_RECORD=off writes nothing), from which `npm run bench:table` generates the
// goals table of docs/benchmarks.md and docs/benchmarks/all-figures.md: figures are never typed
// by hand.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { root } from './build.mjs';
import { measureMachineSpeed } from './machine-speed.mjs';

export const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(root, 'docs', 'bench-results');

/** The machine as the records and the printed headers name it. */
export function machine() {
  const cpu = cpus()[0]?.model?.trim() || 'unknown CPU';
  return {
    cpu,
    cores: cpus().length,
    memory_gib: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

export const machineLine = (m = machine()) =>
  `${m.cpu} × ${m.cores}, ${m.memory_gib} GiB, Node ${m.node}` +
  (m.speed ? `, probes ${m.speed.cpu_ms} ms / ${m.speed.loopback_rtt_us} µs` : '');

/**
 * A run is noisy when something else was using the machine: the 1-minute load average above the
 * core count when it starts (before the bench adds any load), or above twice the core count at
 * the end (the bench itself keeps every core busy, which alone reads about the core count).
 * `added`: busy processes the bench runs on purpose (a run on a loaded machine), its own load.
 */
export function isNoisy(load, cores, added = 0) {
  return load.start > cores || load.end - added > 2 * cores;
}

/**
 * Starts the record of one run of `script` (its `variant`: the database, the page set…). Call
 * `figure` for each result and `finish` once at the end: it prints the machine and load line and
 * writes the JSON. `loadSensitive: false` for figures the load cannot move (bytes of a build);
 * `addedLoad`: how many busy processes the bench starts itself after this call (isNoisy).
 */
export function benchRecord(
  script,
  { variant = null, parameters = {}, loadSensitive = true, addedLoad = 0 } = {},
) {
  const startedAt = new Date();
  const loadStart = loadavg()[0];
  const figures = [];
  // The probes run before the bench adds its load (machine-speed.mjs says why they exist).
  const m = { ...machine(), speed: measureMachineSpeed() };
  console.log(
    `\nbench:${script}${variant ? ` (${variant})` : ''} — ${machineLine(m)}; load average ${loadStart.toFixed(2)} at start`,
  );
  return {
    machine: m,
    /**
     * One figure: `name` says what (e.g. "category br: CPU per request vs ceiling"), `unit` its
     * unit, `goal` the budget as text, `met` whether this run met it (null when there is none).
     */
    figure(name, value, unit, { goal = null, met = null } = {}) {
      figures.push({
        name,
        value: Number.isFinite(value) ? Number(value.toPrecision(6)) : null,
        unit,
        goal,
        met,
      });
    },
    finish() {
      const load = { start: loadStart, end: loadavg()[0] };
      // Bytes counted from the build (bench:web) are the same on a busy machine.
      const noisy = loadSensitive && isNoisy(load, m.cores, addedLoad);
      const record = {
        script,
        variant,
        started_at: startedAt.toISOString(),
        finished_at: new Date().toISOString(),
        machine: m,
        load: { start: Number(load.start.toFixed(2)), end: Number(load.end.toFixed(2)) },
        noisy,
        parameters,
        figures,
      };
      console.log(
        `load average ${load.start.toFixed(2)} → ${load.end.toFixed(2)} on ${m.cores} cores: ` +
          (!loadSensitive
            ? 'these figures do not depend on it'
            : noisy
              ? 'NOISY (something else was running): recorded, never a headline'
              : 'quiet enough for the headline table'),
      );
      if (process.env.BENCH_RECORD === 'off') return record;
      mkdirSync(resultsDir, { recursive: true });
      const stamp = record.started_at.replace(/[:.]/g, '-');
      const file = join(
        resultsDir,
        `${script}${variant ? `-${variant.replace(/\W+/g, '-')}` : ''}-${stamp}.json`,
      );
      writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
      console.log(`recorded in ${file.startsWith(root) ? file.slice(root.length) : file}`);
      console.log(
        'then `npm run bench:table` (docs/benchmarks.md, docs/benchmarks/all-figures.md), and a note in docs/benchmarks/log/',
      );
      return record;
    },
  };
}

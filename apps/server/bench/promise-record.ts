// bench:promise's record of one run (scripts/lib/bench-record.mjs), from which `npm run
// bench:table` makes the couriers' goal rows of docs/benchmarks.md. The figures are minutes of a
// seeded, simulated day: the machine's load cannot move them, so no run is noisy.
import type { Summary } from './promise-kit';

/** What this bench uses of scripts/lib/bench-record.mjs (plain JavaScript, without types). */
interface BenchRecord {
  figure(name: string, value: number, unit: string, judged?: { goal: string; met: boolean }): void;
  finish(): void;
}
type StartRecord = (
  script: string,
  options: { variant: string; parameters: object; loadSensitive: boolean },
) => BenchRecord;

const { benchRecord } = (await import(
  new URL('../../../scripts/lib/bench-record.mjs', import.meta.url).href
)) as { benchRecord: StartRecord };

/**
 * The couriers' promise goals (decision 068): a promise a customer can plan a dinner on (late by
 * at most 10 minutes, p90) and worth measuring couriers for (under half the kitchen-only error),
 * as the records and scripts/lib/bench-goals.mjs spell them.
 */
const GOAL = { p90: '≤ 10 min', ofKitchenOnly: '< 50 %' } as const;
/** A delivery later than its promise by more than this is late (the goal's p90). */
export const COURIER_LATE = 10;

/** The rest of an estimate's summary, no goal of its own: `who` is the estimate's name. */
function figures(record: BenchRecord, who: string, summary: Summary, lateAfter: number) {
  record.figure(`${who}: delivered − promised p50`, summary.p50, 'min');
  record.figure(`${who}: delivered − promised p99`, summary.p99, 'min');
  record.figure(`${who}: late by more than ${lateAfter} min`, summary.late * 100, '%');
}

/**
 * Starts the record of a run (the machine, before the replays); the function it returns records
 * the figures, says whether the couriers' goals were met, and writes the record.
 */
export function recordRun(parameters: { days: number; couriers: number; peak: number }) {
  const record = benchRecord('promise', {
    variant: `${parameters.couriers} couriers`,
    parameters,
    loadSensitive: false,
  });
  return (
    kitchen: { queue: Summary; constant: Summary },
    couriers: { aware: Summary; kitchen: Summary },
    stations: { aware: Summary; queue: Summary },
  ) => {
    const p90Met = couriers.aware.p90 <= COURIER_LATE;
    // A share of a kitchen-only p90 that is itself not late says nothing: it is not met then.
    const ratio = (couriers.aware.p90 / couriers.kitchen.p90) * 100;
    const ratioMet = couriers.kitchen.p90 > 0 && ratio < 50;
    record.figure('courier-aware estimate: delivered − promised p90', couriers.aware.p90, 'min', {
      goal: GOAL.p90,
      met: p90Met,
    });
    record.figure('courier-aware p90 of the kitchen-only p90', ratio, '%', {
      goal: GOAL.ofKitchenOnly,
      met: ratioMet,
    });
    figures(record, 'courier-aware estimate', couriers.aware, COURIER_LATE);
    record.figure('kitchen-only estimate: delivered − promised p90', couriers.kitchen.p90, 'min');
    figures(record, 'kitchen-only estimate', couriers.kitchen, COURIER_LATE);
    record.figure('queue-based promise: ready − promised p90', kitchen.queue.p90, 'min');
    record.figure('constant promise: ready − promised p90', kitchen.constant.p90, 'min');
    // Decision 088: a two-station kitchen's dinner peak, station-aware against queue-only.
    for (const [who, figures] of [
      ['station-aware promise', stations.aware],
      ['queue-only promise (stations)', stations.queue],
    ] as const) {
      record.figure(`${who}: ready − promised p50`, figures.p50, 'min');
      record.figure(`${who}: ready − promised p90`, figures.p90, 'min');
      record.figure(`${who}: late by more than 5 min`, figures.late * 100, '%');
    }
    console.log(
      `\ngoal: courier-aware p90 ≤ 10 min (${couriers.aware.p90.toFixed(1)}: ${p90Met ? 'met' : 'NOT met'}) ` +
        `and under half the kitchen-only p90 (${ratio.toFixed(0)} %: ${ratioMet ? 'met' : 'NOT met'})`,
    );
    record.finish();
  };
}

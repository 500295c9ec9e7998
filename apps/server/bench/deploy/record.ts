// bench:deploy's record of one run (scripts/lib/bench-record.mjs), which `npm run bench:table`
// lists in docs/benchmarks/all-figures.md (decision 078).
import type { Acknowledged, LoadCounts } from './storefront-load';

/** What the load generator saw, sent to the conductor when it stops. */
export interface GeneratorReport {
  acknowledged: [string, Acknowledged][];
  counts: LoadCounts;
  visibleErrors: string[];
  /** Per console: acknowledged orders it neither heard nor read back. */
  notShown: number[];
}

export interface DeployFigures {
  report: GeneratorReport;
  /** Rows per acknowledged client_order_id in the database. */
  stored: Map<string, number>;
  proxy5xx: number;
  restarts: { ms: { out: number; exited: number; ready: number; in: number } }[];
}

/** What this bench uses of scripts/lib/bench-record.mjs (plain JavaScript, without types). */
interface BenchRecord {
  figure(name: string, value: number, unit: string): void;
  finish(): void;
}
type StartRecord = (
  script: string,
  options: { variant: string; parameters: object },
) => BenchRecord;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Starts the record (the machine, before the load); the function it returns writes the figures. */
export async function recordDeployRun(parameters: object) {
  const { benchRecord } = (await import(
    new URL('../../../../scripts/lib/bench-record.mjs', import.meta.url).href
  )) as { benchRecord: StartRecord };
  const record = benchRecord('deploy', { variant: 'postgresql', parameters });
  return (figures: DeployFigures) => {
    const { report, stored } = figures;
    const lost = report.acknowledged.filter(([id]) => !stored.has(id)).length;
    const duplicated = [...stored.values()].filter((n) => n > 1).length;
    // Figures without a goal row: rolling-restart.test.ts holds every run of CI to 0 lost,
    // duplicated, visible errors, 5xx and unshown orders; the bench says how much it took.
    const zero = (name: string, value: number, unit: string) => record.figure(name, value, unit);
    record.figure('orders acknowledged', report.acknowledged.length, 'orders');
    zero('orders lost', lost, 'orders');
    zero('orders duplicated', duplicated, 'orders');
    zero('client-visible errors', report.visibleErrors.length, 'errors');
    zero('proxy 5xx answers', figures.proxy5xx, 'answers');
    zero('orders a console did not show', Math.max(...report.notShown), 'orders');
    record.figure(
      'retries absorbed (orders sent again on reconnection)',
      report.counts.retriesAbsorbed,
      'orders',
    );
    record.figure('reconnections', report.counts.reconnections, 'sockets');
    const ms = (phase: string) =>
      report.acknowledged.filter(([, order]) => order.phase === phase).map(([, order]) => order.ms);
    for (const [phase, label] of [
      ['before', 'before the restarts'],
      ['restarts', 'during the restarts'],
    ] as const) {
      record.figure(`placement p50 ${label}`, percentile(ms(phase), 50), 'ms');
      record.figure(`placement p99 ${label}`, percentile(ms(phase), 99), 'ms');
    }
    const slowest = Math.max(...figures.restarts.map((r) => r.ms.out));
    record.figure('a stopping node out of the proxy (slowest)', slowest, 'ms');
    console.log(
      `\n${report.acknowledged.length} acknowledged, ${lost} lost, ${duplicated} duplicated, ` +
        `${report.visibleErrors.length} client-visible errors${report.visibleErrors.length ? ` (first: ${report.visibleErrors[0]})` : ''}, ` +
        `${report.counts.retriesAbsorbed} retries absorbed, ${figures.proxy5xx} proxy 5xx; ` +
        `placement p99 ${percentile(ms('before'), 99).toFixed(0)} ms before, ${percentile(ms('restarts'), 99).toFixed(0)} ms during`,
    );
    record.finish();
  };
}

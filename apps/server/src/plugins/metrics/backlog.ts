import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { OUTBOXES, pendingIn, type OutboxName } from './backlog-repository';

/** A scrape never waits longer than this for the database: a slow one leaves the backlog out. */
export const BACKLOG_DEADLINE_MS = 1000;

type Backlog = Record<OutboxName, { pending: number; oldestSeconds: number }>;

/**
 * The outboxes' backlog, read when Prometheus scrapes: one cheap query per outbox, in parallel,
 * within BACKLOG_DEADLINE_MS. Past it, or on an error, this scrape has no backlog samples (never
 * the last ones, which would look current) and `comanda_metrics_collect_failures_total` counts
 * it; the queries still running are not started again until they end, so a slow database is
 * not asked twice over.
 */
export function backlogGauges(app: FastifyInstance, registry: Registry) {
  // The queries of a slow database are not started again until they end; the two gauges of
  // one scrape share its reading.
  let querying: Promise<Backlog> | null = null;
  let scraping: Promise<Backlog | null> | null = null;
  const query = () =>
    (querying ??= readBacklog(app).finally(() => {
      querying = null;
    }));
  const read = () =>
    (scraping ??= withinDeadline(query())
      .then((backlog) => {
        if (!backlog) failures.inc({ collector: 'outbox' });
        return backlog;
      })
      .finally(() => {
        scraping = null;
      }));
  // Both gauges wait for the same reading: prom-client collects a registry's metrics at once.
  const outboxGauge = (name: string, help: string, value: (row: Backlog[OutboxName]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['outbox'] as const,
      registers: [registry],
      async collect() {
        const backlog = await read();
        this.reset();
        if (!backlog) return;
        for (const outbox of Object.keys(OUTBOXES) as OutboxName[])
          this.set({ outbox }, value(backlog[outbox]));
      },
    });
  outboxGauge(
    'comanda_outbox_pending',
    'Rows waiting in an outbox (mail, print, refund): not sent yet, or sent and unconfirmed.',
    (row) => row.pending,
  );
  outboxGauge(
    'comanda_outbox_oldest_pending_seconds',
    'Age of the oldest pending row of an outbox; 0 when it is empty.',
    (row) => row.oldestSeconds,
  );
  // Registered after the gauges, so that this scrape's reading has started: it waits for it and
  // reports the failure it counted.
  const failures = new Counter({
    name: 'comanda_metrics_collect_failures_total',
    help: 'Scrapes that left a collector out: too slow or failed (collector: outbox).',
    labelNames: ['collector'] as const,
    registers: [registry],
    async collect() {
      await scraping;
    },
  });
}

async function readBacklog(app: FastifyInstance): Promise<Backlog> {
  const now = app.clock.now();
  const names = Object.keys(OUTBOXES) as OutboxName[];
  const rows = await Promise.all(names.map((outbox) => pendingIn(app.db, outbox)));
  const backlog = {} as Backlog;
  names.forEach((outbox, index) => {
    const { pending, oldest } = rows[index]!;
    const since = oldest === null ? now : new Date(oldest).getTime();
    backlog[outbox] = { pending, oldestSeconds: Math.max(0, (now - since) / 1000) };
  });
  return backlog;
}

/** The backlog, or null when it failed or took longer than the deadline. */
async function withinDeadline(backlog: Promise<Backlog>): Promise<Backlog | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), BACKLOG_DEADLINE_MS);
  });
  try {
    return await Promise.race([backlog.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

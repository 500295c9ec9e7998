import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { OUTBOXES, pendingIn, type OutboxName } from './backlog-repository';
import type { ScrapeReadings } from './deadline';

type Backlog = Record<OutboxName, { pending: number; oldestSeconds: number }>;

/**
 * The outboxes' backlog, read when Prometheus scrapes: one cheap query per outbox, in parallel,
 * within the scrape's deadline (deadline.ts). Past it, or on an error, this scrape has no backlog
 * samples (never the last ones, which would look current) and the failure is counted.
 */
export function backlogGauges(app: FastifyInstance, registry: Registry, readings: ScrapeReadings) {
  const read = readings.reading('outbox', () => readBacklog(app));
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

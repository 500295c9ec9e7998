import { Counter, type Registry } from 'prom-client';

/** A scrape never waits longer than this for the database: what it could not read is left out. */
export const SCRAPE_DEADLINE_MS = 1000;

/**
 * What `reading` answers within SCRAPE_DEADLINE_MS, or null when it failed or took longer. The
 * reading is not stopped: its caller does not start another until it ends (`oneAtATime`).
 */
export async function withinDeadline<T>(reading: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SCRAPE_DEADLINE_MS);
  });
  try {
    return await Promise.race([reading.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `read`, started again only once the previous reading has ended: a slow database is not asked twice over. */
export function oneAtATime<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= read().finally(() => {
      running = null;
    }));
}

/**
 * The readings a scrape makes of the database, each within the deadline and shared by the
 * gauges of one scrape, and the counter of the ones that failed. prom-client collects a
 * registry's metrics at once, in the order they were registered: the counter, registered last
 * (`registerFailures`), waits for this scrape's readings so it reports their failures now.
 */
export function scrapeReadings(registry: Registry) {
  const pending = new Set<Promise<unknown>>();
  const failures = new Counter({
    name: 'comanda_metrics_collect_failures_total',
    help: 'Scrapes that left a reading out, too slow or failed, by collector (outbox, branches).',
    labelNames: ['collector'] as const,
    registers: [],
    async collect() {
      await Promise.all(pending);
    },
  });
  return {
    /** `read` once per scrape (and never twice at once), within the deadline; null past it. */
    reading<T>(collector: string, read: () => Promise<T>): () => Promise<T | null> {
      const once = oneAtATime(read);
      let scrape: Promise<T | null> | null = null;
      return () => {
        if (scrape) return scrape;
        const current = withinDeadline(once()).then((value) => {
          if (value === null) failures.inc({ collector });
          return value;
        });
        scrape = current;
        pending.add(current);
        void current.finally(() => {
          scrape = null;
          pending.delete(current);
        });
        return current;
      };
    },
    registerFailures: () => registry.registerMetric(failures),
  };
}

export type ScrapeReadings = ReturnType<typeof scrapeReadings>;

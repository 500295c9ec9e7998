import { createHash } from 'node:crypto';
import type { publicTransaction } from './state';

/**
 * How the simulator delivers the events of one payment, to exercise what a real provider does
 * (events arrive twice, late, out of order, or never):
 * - `una`: each event once, in order;
 * - `dos`: each event twice;
 * - `desordenadas`: the final event first, then the pending one, then the final again;
 * - `tres-al-azar`: every event three times, all shuffled;
 * - `tarde`: each event once, after a delay;
 * - `nunca`: none (only asking the API finds out).
 */
export const DELIVERIES = ['una', 'dos', 'desordenadas', 'tres-al-azar', 'tarde', 'nunca'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const isDelivery = (value: unknown): value is Delivery =>
  typeof value === 'string' && (DELIVERIES as readonly string[]).includes(value);

const PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];

/** A `transaction.updated` event as Wompi signs it: the checksum of the properties' values, the timestamp and the events secret. */
export function signedEvent(
  transaction: ReturnType<typeof publicTransaction>,
  eventsSecret: string,
  at: Date = new Date(),
) {
  const timestamp = Math.floor(at.getTime() / 1000);
  const values = `${transaction.id}${transaction.status}${transaction.amount_in_cents}`;
  const checksum = createHash('sha256')
    .update(`${values}${timestamp}${eventsSecret}`)
    .digest('hex')
    .toUpperCase();
  return {
    event: 'transaction.updated',
    data: { transaction },
    environment: 'test',
    signature: { properties: PROPERTIES, checksum },
    timestamp,
    sent_at: at.toISOString(),
  };
}

export interface Deliverer {
  /** Delivers the events of a payment: its `snapshots` (pending first, then final), as `how` says. */
  deliver(snapshots: ReturnType<typeof publicTransaction>[], how: Delivery): void;
  /** Resolves once every delivery started so far has ended (tests, the bench). */
  settled(): Promise<void>;
  /** Events posted, answered and refused: what the bench reports. */
  counts(): { posted: number; accepted: number; refused: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Posts events to the merchant's webhook, retrying one that is not answered 200 (as Wompi
 * does) up to `retries` times with growing waits.
 */
export function eventDeliverer(options: {
  webhookUrl: () => string | null;
  eventsSecret: string;
  lateMs: number;
  retryMs: number;
  retries: number;
}): Deliverer {
  const inFlight = new Set<Promise<void>>();
  const counts = { posted: 0, accepted: 0, refused: 0 };

  async function post(snapshot: ReturnType<typeof publicTransaction>) {
    for (let attempt = 0; attempt <= options.retries; attempt += 1) {
      const url = options.webhookUrl();
      if (!url) return;
      const event = signedEvent(snapshot, options.eventsSecret);
      counts.posted += 1;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-event-checksum': event.signature.checksum,
          },
          body: JSON.stringify(event),
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.ok) {
          counts.accepted += 1;
          return;
        }
        counts.refused += 1;
        // A refusal of the event itself (its signature, its shape) will not change by retrying.
        if (response.status >= 400 && response.status < 500 && response.status !== 429) return;
      } catch {
        counts.refused += 1;
      }
      await sleep(options.retryMs * 2 ** attempt);
    }
  }

  function plan(snapshots: ReturnType<typeof publicTransaction>[], how: Delivery) {
    const final = snapshots.at(-1);
    if (how === 'nunca' || !final) return [];
    if (how === 'dos') return snapshots.flatMap((snapshot) => [snapshot, snapshot]);
    if (how === 'desordenadas') return [final, ...snapshots.slice(0, -1), final];
    if (how === 'tres-al-azar')
      return shuffled(snapshots.flatMap((snapshot) => [snapshot, snapshot, snapshot]));
    return snapshots;
  }

  return {
    deliver(snapshots, how) {
      const run = (async () => {
        if (how === 'tarde') await sleep(options.lateMs);
        for (const snapshot of plan(snapshots, how)) {
          // Not quite at once, as a provider's queue would: lets deliveries interleave.
          await sleep(how === 'tres-al-azar' ? Math.random() * 20 : 0);
          await post(snapshot);
        }
      })();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    counts: () => ({ ...counts }),
  };
}

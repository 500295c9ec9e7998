// Delivers the print queue (decision 071), as the mail outbox's sender does (decision 038):
// claims what is due, sends each job, and marks it sent only under its own claim. A claim takes
// at most one job per printer (its oldest pending one), the printers are written to side by
// side, and a printer's next job is only claimed once the one before it printed: each printer
// gets its jobs in order, once each. A printer away keeps its job pending with a backoff; the
// ones behind it wait with it, and all go out, in order, once it answers again.
import { randomBytes } from 'node:crypto';
import { nowDate, type Clock } from '../../lib/clock';
import { backoffDelay, idleRun, runPasses, type QueueRun } from '../../lib/queue-run';
import {
  claimDue,
  markFailed,
  markSent,
  type ClaimedJob,
  type PrintStore,
} from './jobs-repository';
import { printerMissed, printerReached, printersByIds } from './printers-repository';
import type { PrinterTarget, SendToPrinter } from './tcp';

export interface PrintSenderOptions {
  store: PrintStore;
  clock: Clock;
  /** Writes one job's bytes to its printer (TCP in production, tcp.ts). */
  send: SendToPrinter;
  /** How long a claim keeps other nodes away from a job; far above the send's own timeouts. */
  leaseMs?: number;
  /** The wait after the first failure; doubled after each, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A job not printed this long after it was queued is given up: the kitchen is past it. */
  expireMs?: number;
  batchSize?: number;
  onError?: (error: unknown, jobId: number) => void;
}

export type PrintSenderDeps = Required<Omit<PrintSenderOptions, 'onError'>> &
  Pick<PrintSenderOptions, 'onError'> & { run: QueueRun<number> };

export const createPrintSenderDeps = (options: PrintSenderOptions): PrintSenderDeps => ({
  store: options.store,
  clock: options.clock,
  send: options.send,
  leaseMs: options.leaseMs ?? 60_000,
  backoffMs: options.backoffMs ?? 2_000,
  maxBackoffMs: options.maxBackoffMs ?? 30_000,
  expireMs: options.expireMs ?? 2 * 3_600_000,
  batchSize: options.batchSize ?? 50,
  onError: options.onError,
  run: idleRun<number>(),
});

/** The wait before attempt `attempts + 1`: base, doubled per failure, capped. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** When a failed job is tried again, or null when it is too old to print now. */
function retryAt(deps: PrintSenderDeps, job: ClaimedJob): Date | null {
  const now = deps.clock.now();
  const queuedAt = new Date(job.created_at).getTime();
  if (now - queuedAt >= deps.expireMs) return null;
  return new Date(now + backoffDelay(job.attempts, deps.backoffMs, deps.maxBackoffMs));
}

/** Sends one claimed job to its printer; answers whether it was marked sent under this claim. */
async function sendOne(
  deps: PrintSenderDeps,
  token: string,
  job: ClaimedJob,
  target: PrinterTarget | undefined,
): Promise<boolean> {
  const { db } = deps.store;
  try {
    if (!target) throw new Error('la impresora ya no existe');
    await deps.send(target, Buffer.from(job.payload));
  } catch (error) {
    deps.onError?.(error, job.id);
    await markFailed(db, job.id, token, reasonOf(error), target ? retryAt(deps, job) : null);
    if (target) await printerMissed(db, job.printer_id, reasonOf(error), nowDate(deps.clock));
    return false;
  }
  await printerReached(db, job.printer_id, nowDate(deps.clock));
  return markSent(db, job.id, token, nowDate(deps.clock));
}

/** One pass over what is due: claim after claim (each printer's next job) until none is due. */
async function deliverPass(deps: PrintSenderDeps): Promise<number> {
  const token = randomBytes(16).toString('hex');
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(
      deps.store,
      token,
      nowDate(deps.clock),
      deps.leaseMs,
      deps.batchSize,
    );
    if (claimed.length === 0) return sent;
    const printers = await printersByIds(
      deps.store.db,
      claimed.map((job) => job.printer_id),
    );
    const targets = new Map(printers.map((p) => [p.id, { host: p.host, port: p.port }]));
    const done = await Promise.all(
      claimed.map((job) => sendOne(deps, token, job, targets.get(job.printer_id))),
    );
    sent += done.filter(Boolean).length;
  }
}

/**
 * Prints everything due now; answers how many jobs were printed. Calls while one runs share
 * it, so the timer and a nudge never send side by side on one node.
 */
export function deliverDue(deps: PrintSenderDeps): Promise<number> {
  return runPasses(deps.run, () => deliverPass(deps));
}

import { sql } from 'kysely';
import type { Migration } from './migrations/helpers';

/**
 * During a rolling deploy the previous release keeps serving while a new node migrates (decision
 * 081), and its transactions take the same tables' locks as the migrations, in their own order:
 * the migrations holding `orders` while widening Informes' rollups, and its catch-up holding a
 * rollup while reading `orders`, deadlocked in CI; PostgreSQL aborted the migration, and the node
 * refused to start. And a migration waiting for
 * a lock queues every later reader of that table behind it, so a running node's requests stall
 * for as long as the migration waits. Both are bounded here (decision 110): each migration waits
 * at most `lockWaitMs` for a lock, and a run that lost a deadlock or gave up a wait is run again
 * (all or nothing, so from the start) until `retryForMs` has passed.
 */
export interface LockConflictPolicy {
  /** The longest one statement of a migration waits for a lock (PostgreSQL's `lock_timeout`). */
  lockWaitMs: number;
  /** How long a start keeps running the migrations again after a lock conflict. */
  retryForMs: number;
}

export const DEFAULT_LOCK_CONFLICT_POLICY: LockConflictPolicy = {
  lockWaitMs: 2000,
  retryForMs: 120_000,
};

/** deadlock_detected and lock_not_available (what `lock_timeout` raises). */
const LOCK_CONFLICT_CODES = new Set(['40P01', '55P03']);

/** The first pause after a conflict; each next one doubles, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 100;
const MAX_PAUSE_MS = 2000;

function isLockConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LOCK_CONFLICT_CODES.has(code);
}

/**
 * The migrations with each one's lock waits bounded. `set local` lasts to the end of the one
 * transaction they all run in; the Migrator's own advisory lock is taken before the first one,
 * so a node starting while another migrates still waits for it as long as it takes.
 */
export function withBoundedLockWaits(
  migrations: Record<string, Migration>,
  lockWaitMs: number,
): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        ...migration,
        async up(db) {
          await sql`set local lock_timeout = ${sql.lit(lockWaitMs)}`.execute(db);
          await migration.up(db);
        },
      } satisfies Migration,
    ]),
  );
}

/**
 * Runs `run` again while it fails on a lock conflict, pausing a little longer each time, until
 * `retryForMs` has passed; then the last conflict is thrown. Answers `run`'s result and how many
 * conflicts it went through.
 */
export async function retryingLockConflicts<T>(
  run: () => Promise<T>,
  retryForMs: number,
): Promise<{ result: T; conflicts: number }> {
  const started = Date.now();
  let pause = FIRST_PAUSE_MS;
  for (let conflicts = 0; ; conflicts += 1) {
    try {
      return { result: await run(), conflicts };
    } catch (error) {
      if (!isLockConflict(error) || Date.now() - started + pause > retryForMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}

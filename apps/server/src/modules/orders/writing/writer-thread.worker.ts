// The orders' writer thread (writer-thread.ts, decisions 025 and 102): its own connection to the
// SQLite file or the PostgreSQL database, and the group commit's batches written by the very
// function the event loop would use.
import { workerData } from 'node:worker_threads';
import { connect, type ConnectOptions } from '../../../db/dialect';
import { checkpointWal } from '../../../db/wal-repository';
import { isDatabaseUnavailable } from '../../../lib/db-unavailable';
import { serveRequests } from '../../../lib/worker-serve';
import type { OrderDraft, Written } from '../types';
import { insertWritten } from './batch-repository';

export type WriterRequest =
  { type: 'insert-orders'; drafts: OrderDraft[]; at: string } | { type: 'checkpoint' };
type InsertRequest = Extract<WriterRequest, { type: 'insert-orders' }>;

/** The most drafts one transaction writes, as the group commit's batch on the event loop. */
const MAX_DRAFTS = 200;

const { connectTo } = workerData as { connectTo: ConnectOptions };
const handle = connect(connectTo);
// A PostgreSQL connection of the thread's that ends while idle is replaced by the next batch's
// query. The event loop's pool reports the same outage, and a batch that fails is logged by
// placement: a third line here would say nothing more.
handle.onConnectionError(() => {});
/**
 * SQLite: how long the thread leaves the lock to a connection waiting for it before its next batch:
 * more than the longest pause between the event loop's tries (LOCK_RETRY_MAX_MS, 8 ms).
 */
const GIVE_WAY_MS = 20;

// The batches that arrived while a transaction committed are written together by the next one
// (decision 097): the thread never waits for the event loop to hand it the next batch.
serveRequests<WriterRequest>(
  (request) => (request.type === 'checkpoint' ? checkpoint() : insertOne(request)),
  () => handle.db.destroy(),
  {
    joins: (next, gathered) =>
      next.type === 'insert-orders' &&
      gathered[0]!.type === 'insert-orders' &&
      draftCount(gathered) + next.drafts.length <= MAX_DRAFTS,
    handle: (requests) => insertTogether(requests as InsertRequest[]),
  },
);

function insertOne({ drafts, at }: InsertRequest): Promise<Written[]> {
  handle.lockTurns?.giveWay(GIVE_WAY_MS);
  return insertWritten(handle, drafts, at);
}

const draftCount = (requests: WriterRequest[]) =>
  requests.reduce(
    (n, request) => n + (request.type === 'insert-orders' ? request.drafts.length : 0),
    0,
  );

/**
 * Several batches in one transaction, stamped with the latest of their times (each was stamped
 * when the event loop sent it; none is later than this commit). A failure the database did not
 * cause (one bad draft) writes each batch on its own, so it sinks only its own batch.
 */
async function insertTogether(
  requests: InsertRequest[],
): Promise<PromiseSettledResult<Written[]>[]> {
  const at = requests.reduce((latest, { at }) => (at > latest ? at : latest), requests[0]!.at);
  try {
    const written = await insertOne({
      type: 'insert-orders',
      drafts: requests.flatMap((r) => r.drafts),
      at,
    });
    let from = 0;
    return requests.map(({ drafts }) => {
      from += drafts.length;
      return { status: 'fulfilled', value: written.slice(from - drafts.length, from) };
    });
  } catch (error) {
    if (isDatabaseUnavailable(error))
      return requests.map(() => ({ status: 'rejected', reason: error }));
    const outcomes: PromiseSettledResult<Written[]>[] = [];
    for (const request of requests)
      outcomes.push(...(await Promise.allSettled([insertOne(request)])));
    return outcomes;
  }
}

/**
 * Copies the WAL back into the database file, as far as no reader holds it (PASSIVE): the event
 * loop's connection never does (decision 053), so its writes are checkpointed here.
 */
async function checkpoint(): Promise<Written[]> {
  await checkpointWal(handle.db);
  return [];
}

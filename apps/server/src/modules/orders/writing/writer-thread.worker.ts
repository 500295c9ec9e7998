// The orders' writer thread (writer-thread.ts, decision 025): its own connection to the SQLite
// file, and the group commit's batches written by the very function the event loop uses.
import { workerData } from 'node:worker_threads';
import { connect } from '../../../db/dialect';
import { checkpointWal } from '../../../db/wal-repository';
import { serveRequests } from '../../../lib/worker-serve';
import type { OrderDraft, WrittenOrder } from '../types';
import { insertOrders } from './batch-repository';

export type WriterRequest =
  { type: 'insert-orders'; drafts: OrderDraft[]; at: string } | { type: 'checkpoint' };

const { file } = workerData as { file: string };
const handle = connect({ url: file });

// One batch at a time, in the order they come: the group commit never sends more than one.
serveRequests<WriterRequest>(
  (request) =>
    request.type === 'checkpoint' ? checkpoint() : insertOrders(handle, request.drafts, request.at),
  () => handle.db.destroy(),
);

/**
 * Copies the WAL back into the database file, as far as no reader holds it (PASSIVE): the event
 * loop's connection never does (decision 053), so its writes are checkpointed here.
 */
async function checkpoint(): Promise<WrittenOrder[]> {
  await checkpointWal(handle.db);
  return [];
}

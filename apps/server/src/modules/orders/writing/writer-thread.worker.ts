// The orders' writer thread (writer-thread.ts, decision 025): its own connection to the SQLite
// file, and the group commit's batches written by the very function the event loop uses.
import { parentPort, workerData } from 'node:worker_threads';
import { connect } from '../../../db/dialect';
import { checkpointWal } from '../../../db/wal-repository';
import type { OrderDraft, WrittenOrder } from '../types';
import { insertOrders } from './batch-repository';

export type WriterRequest =
  | { type: 'insert-orders'; id: number; drafts: OrderDraft[]; at: string }
  | { type: 'checkpoint'; id: number }
  | { type: 'close' };

export type WriterReply =
  | { id: number; ok: true; result: WrittenOrder[] }
  | { id: number; ok: false; error: { message: string; code?: string } };

const port = parentPort;
if (!port) throw new Error('writer-thread.worker runs as a worker thread');

const { file } = workerData as { file: string };
const handle = connect({ url: file });

// One batch at a time, in the order they come: the group commit never sends more than one.
let queue = Promise.resolve();
port.on('message', (request: WriterRequest) => {
  queue = queue.then(async () => {
    if (request.type === 'close') {
      await handle.db.destroy();
      port.close();
      return;
    }
    try {
      const result =
        request.type === 'checkpoint'
          ? await checkpoint()
          : await insertOrders(handle, request.drafts, request.at);
      port.postMessage({ id: request.id, ok: true, result } satisfies WriterReply);
    } catch (error) {
      // Anything can be thrown; only a string message and code cross the thread.
      const { message, code } = (typeof error === 'object' && error !== null ? error : {}) as {
        message?: unknown;
        code?: unknown;
      };
      port.postMessage({
        id: request.id,
        ok: false,
        error: {
          message: typeof message === 'string' ? message : String(error),
          ...(typeof code === 'string' ? { code } : {}),
        },
      } satisfies WriterReply);
    }
  });
});

/**
 * Copies the WAL back into the database file, as far as no reader holds it (PASSIVE): the event
 * loop's connection never does (decision 053), so its writes are checkpointed here.
 */
async function checkpoint(): Promise<WrittenOrder[]> {
  await checkpointWal(handle.db);
  return [];
}

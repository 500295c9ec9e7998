import { requestThread, workerEntry } from '../../../lib/worker-thread';
import type { PayloadRead, ReadPayloads } from '../types';
import type { PayloadRequest } from './payload-thread.worker';

/** Its requests' error once it stopped: never seen by a customer (payload-reader.ts reads them on the event loop then). */
const PAYLOAD_THREAD_STOPPED = 'COMANDA_PAYLOAD_THREAD_STOPPED';

/**
 * The thread that reads confirm-cart payloads sent as JSON (decisions 103 and 104), started with the
 * first of them; one request per turn of the event loop, however many orders it read.
 */
export function payloadThread(): { read: ReadPayloads; close: () => Promise<void> } {
  const thread = requestThread<PayloadRequest>({
    name: 'the order payloads thread',
    entry: workerEntry('order-payloads.js', new URL('./payload-thread.worker.ts', import.meta.url)),
    workerData: {},
    stoppedCode: PAYLOAD_THREAD_STOPPED,
  });
  return {
    read: (payloads, buffer) =>
      thread.send<PayloadRead[]>({ type: 'read', payloads }, buffer ? [buffer] : undefined),
    close: thread.close,
  };
}

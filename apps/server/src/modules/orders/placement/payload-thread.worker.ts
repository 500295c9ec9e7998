// The payloads' thread (payload-thread.ts, decisions 103 and 104): confirm-cart payloads sent as
// JSON (a frame's bytes, or text), decoded, parsed and checked against the contract by the very
// function the event loop would use.
import { serveRequests } from '../../../lib/worker-serve';
import { readPayloadJson } from './payload';

export interface PayloadRequest {
  type: 'read';
  payloads: (string | Uint8Array)[];
}

serveRequests<PayloadRequest>(
  async ({ payloads }) => payloads.map(readPayloadJson),
  async () => {},
);

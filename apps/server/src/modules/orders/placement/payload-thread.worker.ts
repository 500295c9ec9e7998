// The payloads' thread (payload-thread.ts, decision 103): confirm-cart payloads sent as JSON
// text, parsed and checked against the contract by the very function the event loop would use.
import { serveRequests } from '../../../lib/worker-serve';
import { readPayloadText } from './payload';

export interface PayloadRequest {
  type: 'read';
  texts: string[];
}

serveRequests<PayloadRequest>(
  async ({ texts }) => texts.map(readPayloadText),
  async () => {},
);

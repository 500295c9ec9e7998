// What placement reads of a confirm-cart payload, wherever it is read: on the event loop (an
// object, as the counter sends it), or on the payloads' thread (JSON, decisions 103 and 104).
import { confirmCartPayload } from '@comanda/shared';
import { utf8Text } from '../../../lib/utf8-text';
import type { PayloadRead } from '../types';
import { clientOrderIdOf, payloadErrors } from './payload-errors';

/** A payload checked against the contract; the stored user it may carry is not kept (the session says who). */
export function readPayload(raw: unknown): PayloadRead {
  const parsed = confirmCartPayload.safeParse(raw);
  if (!parsed.success)
    return { clientOrderId: clientOrderIdOf(raw), errors: payloadErrors(parsed.error) };
  const { user: _user, ...payload } = parsed.data;
  return { payload };
}

/**
 * A payload sent as JSON: its text, or its UTF-8 bytes (a WebSocket frame's). What is not JSON
 * is refused as a payload that is not an object is.
 */
export function readPayloadJson(json: string | Uint8Array): PayloadRead {
  let raw: unknown;
  try {
    raw = JSON.parse(typeof json === 'string' ? json : utf8Text(json));
  } catch {
    raw = undefined;
  }
  return readPayload(raw);
}

/** The client_order_id a read payload names, valid or not. */
export const clientOrderIdOfRead = (read: PayloadRead): string | null =>
  'payload' in read ? read.payload.client_order_id : read.clientOrderId;

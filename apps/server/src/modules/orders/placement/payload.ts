// What placement reads of a confirm-cart payload, wherever it is read: on the event loop (an
// object, as the counter sends it), or on the payloads' thread (JSON, decisions 103 and 104).
import { confirmCartPayload } from '@comanda/shared';
import { utf8Text } from '../../../lib/utf8-text';
import type { ConfirmCartPayload, PayloadRead } from '../types';
import { clientOrderIdOf, payloadErrors } from './payload-errors';

type CartLine = ConfirmCartPayload['detail'][number];

/**
 * A line's option groups as placement reads them: only the chosen options, and only the groups
 * with one. A line brings every option of its product marked selected or not (30 of them for a
 * burger with its extras); the others say nothing, and the payloads' thread answers across
 * threads only what is read (decision 104).
 */
function chosenOnly(line: CartLine): CartLine {
  const modifier_group: CartLine['modifier_group'] = [];
  for (const group of line.modifier_group) {
    const chosen = group.modifiers_product.filter((option) => option.selected);
    if (chosen.length > 0) modifier_group.push({ id: group.id, modifiers_product: chosen });
  }
  return { ...line, modifier_group };
}

/**
 * A payload checked against the contract, as placement reads it: the stored user it may carry is
 * not kept (the session says who), nor the options its lines did not choose.
 */
export function readPayload(raw: unknown): PayloadRead {
  const parsed = confirmCartPayload.safeParse(raw);
  if (!parsed.success)
    return { clientOrderId: clientOrderIdOf(raw), errors: payloadErrors(parsed.error) };
  const { user: _user, ...payload } = parsed.data;
  return { payload: { ...payload, detail: payload.detail.map(chosenOnly) } };
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

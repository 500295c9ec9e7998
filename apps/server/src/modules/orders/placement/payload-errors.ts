import { CHECKOUT_MESSAGES, type ConfirmCartAnswer } from '@comanda/shared';
import type { z } from 'zod';
import type { Errors } from '../types';

export const refuse = (clientOrderId: string | null, errors: Errors): ConfirmCartAnswer => ({
  status: false,
  client_order_id: clientOrderId,
  errors,
});

/** The fields whose every malformation has one Spanish sentence. */
const FIELD_MESSAGES: Record<string, string> = {
  payment: CHECKOUT_MESSAGES.paymentRequired,
  branch_office: CHECKOUT_MESSAGES.branchRequired,
  coupon_code: CHECKOUT_MESSAGES.couponUnreadable,
  pay_with: CHECKOUT_MESSAGES.payWithUnreadable,
  tip: CHECKOUT_MESSAGES.tipUnreadable,
};

/** A line's note refused: what about it, in Spanish (lineNoteSchema's own sentences). */
const noteMessage = (issue: z.core.$ZodIssue): string =>
  issue.code === 'custom' ? CHECKOUT_MESSAGES.noteControlChars : issue.message;

/** A malformed payload: say which part, in Spanish, without echoing zod's internals. */
export function payloadErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    const message =
      FIELD_MESSAGES[field] ??
      (field === 'detail' && issue.path[2] === 'note'
        ? noteMessage(issue)
        : field === 'detail' && issue.code === 'too_big'
          ? CHECKOUT_MESSAGES.tooManyLines
          : field === 'form' &&
              issue.path[1] === 'observation' &&
              (issue.code === 'custom' || issue.code === 'too_big')
            ? issue.message
            : CHECKOUT_MESSAGES.invalid);
    errors[field] = [...new Set([...(errors[field] ?? []), message])];
  }
  return errors;
}

/** The client_order_id a payload names, valid or not, so even a refusal names the attempt it answers. */
export function clientOrderIdOf(raw: unknown): string | null {
  const id = (raw as { client_order_id?: unknown } | null)?.client_order_id;
  return typeof id === 'string' ? id.slice(0, 64) : null;
}

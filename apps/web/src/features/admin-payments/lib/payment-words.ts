import {
  CHAIN_TIME_ZONE,
  chainClock,
  type PaymentAttemptStatus,
  type RefundStatus,
} from '@comanda/shared';
import { dateFormat } from '@/lib/date-format';

/** How the customer paid at the provider, in the words of its checkout. */
const METHOD_TEXT: Record<string, string> = {
  CARD: 'Tarjeta',
  PSE: 'PSE',
  NEQUI: 'Nequi',
  BANCOLOMBIA_TRANSFER: 'Transferencia Bancolombia',
};

/** A method the provider added later is shown as it names it rather than hidden. */
export const methodText = (method: string | null) =>
  method === null ? null : (METHOD_TEXT[method] ?? method);

export type Tone = 'good' | 'bad' | undefined;

/** The badge's colour: money taken is good news, a failure or a wrong amount needs a look. */
export const ATTEMPT_TONES: Record<PaymentAttemptStatus, Tone> = {
  pending: undefined,
  approved: 'good',
  declined: 'bad',
  voided: undefined,
  error: 'bad',
  abandoned: undefined,
  mismatch: 'bad',
};

export const REFUND_TONES: Record<RefundStatus, Tone> = {
  pending: undefined,
  approved: 'good',
  declined: 'bad',
};

const dayFormat = dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: CHAIN_TIME_ZONE,
});

/**
 * "1 de dic de 2026" and "19:30": an instant on the chain's calendar and 24-hour clock, as the
 * reconciliation CSV writes it, whatever the device's own time zone.
 */
export function chainMoment(iso: string): { day: string; clock: string } {
  const at = new Date(iso);
  return { day: dayFormat.format(at), clock: chainClock(at) };
}

/** "1 intento", "3 intentos". */
export const attemptsText = (n: number) => `${n} ${n === 1 ? 'intento' : 'intentos'}`;

import { FAIL_REASONS, type CurrentTrip, type FailReason } from '@comanda/shared';
import { isRecord } from '@/lib/is-record';

/** What the courier's taps ask of the server; held on the phone while there is no signal. */
export type CourierAction =
  | { kind: 'depart'; trip_id: number }
  | { kind: 'delivered'; order_id: number }
  | { kind: 'failed'; order_id: number; reason: FailReason }
  | { kind: 'shift'; on: boolean; branch_id?: number };

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** A held action read back from the device's storage: only a well-formed one is sent. */
export function isCourierAction(value: unknown): value is CourierAction {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'depart':
      return isId(value.trip_id);
    case 'delivered':
      return isId(value.order_id);
    case 'failed':
      return isId(value.order_id) && FAIL_REASONS.includes(value.reason as FailReason);
    case 'shift':
      return (
        typeof value.on === 'boolean' && (value.branch_id === undefined || isId(value.branch_id))
      );
    default:
      return false;
  }
}

/** How a held action reads on its line: "Entregado #125". */
export function actionText(action: CourierAction): string {
  switch (action.kind) {
    case 'depart':
      return 'Salí';
    case 'delivered':
      return `Entregado #${action.order_id}`;
    case 'failed':
      return `No se pudo entregar #${action.order_id}`;
    case 'shift':
      return action.on ? 'Empezar turno' : 'Terminar turno';
  }
}

/**
 * Whether the courier's state already is what the action asked for: a held action the server
 * refuses with a 409 because it already happened (sent twice, or its answer lost with the
 * signal) is done, not an error to show.
 */
export function alreadyDone(action: CourierAction, now: CurrentTrip): boolean {
  const stops = now.results?.stops ?? [];
  switch (action.kind) {
    case 'depart':
      // Gone out, or finished and closed since.
      return now.results?.id !== action.trip_id || now.results.status !== 'assigned';
    case 'delivered':
    case 'failed': {
      const stop = stops.find((candidate) => candidate.order_id === action.order_id);
      // No longer on the open trip: the trip finished with it.
      return !stop || stop.outcome !== null;
    }
    case 'shift':
      return (now.shift !== null && now.shift.ended_at === null) === action.on;
  }
}

import type { CurrentTrip, Trip, TripStop } from '@comanda/shared';
import type { Held } from '@/lib/held-actions';
import type { CourierAction } from './courier-action';

/** A stop as the courier sees it: with what they tapped that has not reached the server yet. */
export interface StopView extends TripStop {
  /** Tapped without a signal (ISO): waits to be sent. */
  heldAt: string | null;
}

export interface TripView extends Omit<Trip, 'stops'> {
  stops: StopView[];
  /** Salí was tapped without a signal (ISO). */
  departHeldAt: string | null;
}

function applyToStop(stop: StopView, { action, at }: Held<CourierAction>): StopView {
  if (action.kind === 'depart' && stop.outcome === null && stop.status === 'ready')
    return { ...stop, status: 'on_the_way' };
  if (action.kind === 'delivered' && action.order_id === stop.order_id)
    return { ...stop, outcome: 'delivered', heldAt: at };
  if (action.kind === 'failed' && action.order_id === stop.order_id)
    return { ...stop, outcome: 'failed', fail_reason: action.reason, heldAt: at };
  return stop;
}

/**
 * The open trip as the screen shows it: the server's, with the held actions applied on top, so a
 * tap without a signal changes the screen at once, as it will once sent.
 */
export function tripView(
  current: CurrentTrip | undefined,
  held: readonly Held<CourierAction>[],
): TripView | null {
  const trip = current?.results;
  if (!trip) return null;
  let view: TripView = {
    ...trip,
    stops: trip.stops.map((stop) => ({ ...stop, heldAt: null })),
    departHeldAt: null,
  };
  for (const entry of held) {
    if (entry.action.kind === 'depart' && entry.action.trip_id === trip.id)
      view = { ...view, status: 'out', departHeldAt: entry.at };
    view = { ...view, stops: view.stops.map((stop) => applyToStop(stop, entry)) };
  }
  return view;
}

/** Whether the shift is on, counting a held Empezar / Terminar turno. */
export function shiftOn(
  current: CurrentTrip | undefined,
  held: readonly Held<CourierAction>[],
): boolean {
  let on = current?.shift != null && current.shift.ended_at === null;
  for (const { action } of held) if (action.kind === 'shift') on = action.on;
  return on;
}

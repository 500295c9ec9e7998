import { COOKING_STATUSES, statusIn } from '@comanda/shared';
import type { BranchConsole, Courier, PlacedOrder, Trip } from '@comanda/shared';
import { clockText } from './order-text';

/** Who may take this trip: not one out on the road, nor, when changing a trip, one with a trip of their own. */
export function courierOffered(courier: Courier, trip: Trip | null): boolean {
  if (courier.state === 'out') return false;
  if (!trip) return true;
  return courier.id === trip.courier.id || !courier.trip;
}

/** A trip the counter may still change: made, and its courier has not left. */
export const changeable = (trip: Trip | null | undefined): trip is Trip =>
  trip?.status === 'assigned';

/**
 * A delivery order the counter may hand to a courier: `Listo`, or still `En preparación` (accepted
 * or preparing) when the branch dispatches from there (decision 068).
 */
export function dispatchable(
  order: Pick<PlacedOrder, 'type_delivery' | 'status'>,
  branch: Pick<BranchConsole, 'dispatch_from_preparing'>,
): boolean {
  if (order.type_delivery !== 2) return false;
  if (order.status === 'ready') return true;
  return branch.dispatch_from_preparing && statusIn(COOKING_STATUSES, order.status);
}

/** The couriers' open trips by the orders they carry: which order already goes with whom. */
export function tripsByOrder(couriers: readonly Courier[]): Map<number, Trip> {
  const trips = new Map<number, Trip>();
  for (const courier of couriers) {
    if (!courier.trip || courier.trip.status === 'done') continue;
    for (const stop of courier.trip.stops) trips.set(stop.order_id, courier.trip);
  }
  return trips;
}

const STATE_RANK = { available: 0, assigned: 1, out: 2, off_shift: 3 } as const;
const waited = (courier: Courier) =>
  courier.waiting_since ? Date.parse(courier.waiting_since) : Number.POSITIVE_INFINITY;

/**
 * The couriers on shift as the counter offers them: available first, the one waiting longest on
 * top (the fair next rider), then those assigned, then those out; off-shift ones are left out.
 */
export function couriersOnShift(couriers: readonly Courier[]): Courier[] {
  return couriers
    .filter((courier) => courier.on_shift && courier.state !== 'off_shift')
    .sort(
      (a, b) =>
        STATE_RANK[a.state] - STATE_RANK[b.state] ||
        waited(a) - waited(b) ||
        a.name.localeCompare(b.name, 'es'),
    );
}

/** The stops still to deliver on a trip. */
const pendingStops = (trip: Trip) => trip.stops.filter((stop) => stop.outcome === null).length;
const ordersText = (count: number) => (count === 1 ? '1 pedido' : `${count} pedidos`);

/**
 * Where a courier stands, in words: "Disponible · desde 20:12", "Asignado · 1 pedido",
 * "En ruta · 2 pedidos · vuelve ~20:40".
 */
export function courierStateText(courier: Courier): string {
  switch (courier.state) {
    case 'available':
      return courier.waiting_since
        ? `Disponible · desde ${clockText(courier.waiting_since)}`
        : 'Disponible';
    case 'assigned':
      return `Asignado · ${ordersText(courier.trip ? pendingStops(courier.trip) : 0)}`;
    case 'out': {
      const parts = ['En ruta'];
      if (courier.trip) parts.push(ordersText(pendingStops(courier.trip)));
      if (courier.trip?.returns_at) parts.push(`vuelve ~${clockText(courier.trip.returns_at)}`);
      return parts.join(' · ');
    }
    default:
      return 'Fuera de turno';
  }
}

/** "Andrés" of "Andrés Gómez": what the board says of a courier, as the order answer does. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

import { endpoints, type Trip } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

/** POST /api/courier/trips/{id}/depart (Salí) → the trip, its orders En camino. */
export async function departTrip(tripId: number): Promise<Trip> {
  return (await panelCall(endpoints.departTrip, { params: { id: tripId } })).results;
}

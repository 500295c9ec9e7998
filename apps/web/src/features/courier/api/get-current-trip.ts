import { endpoints, type CurrentTrip } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/** GET /api/courier/trips/current → the courier's open shift and trip (either may be null), and their branches. */
export async function getCurrentTrip(signal?: AbortSignal): Promise<CurrentTrip> {
  return panelCall(endpoints.getCurrentTrip, { signal });
}

export const currentTripQueryKey = [PANEL_KEY, 'courier', 'current'] as const;

export const currentTripQueryOptions = () =>
  queryOptions({
    queryKey: currentTripQueryKey,
    queryFn: ({ signal }) => getCurrentTrip(signal),
    // A new trip arrives over the socket (`trip`); a minute's re-read covers a missed event.
    refetchInterval: 60_000,
    // Read again when the phone is unlocked: the counter may have changed the trip meanwhile.
    refetchOnWindowFocus: true,
  });

export function useCurrentTrip() {
  return useQuery(currentTripQueryOptions());
}

import { endpoints, SOCKET_EVENTS, type LiveReport } from '@comanda/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKey, panelCall } from '@/lib/panel-api';
import { panelRealtime } from '@/lib/panel-realtime';
import { coalesce } from '../lib/live-now';

/** GET /api/admin/insights/live → every branch at this moment (admins). */
export function getLiveInsights(signal?: AbortSignal): Promise<LiveReport> {
  return panelCall(endpoints.getChainLiveInsights, { signal });
}

export const liveInsightsQueryKey = adminKey('insights-live');

/** How long events wait for each other before one read (lib/live-now `coalesce`). */
const READ_AFTER_EVENTS_MS = 2000;
/** Orders turn late and waits grow with no event at all: read again this often anyway. */
const READ_EVERY_MS = 30_000;

export const liveInsightsQueryOptions = () =>
  queryOptions({
    queryKey: liveInsightsQueryKey,
    queryFn: ({ signal }) => getLiveInsights(signal),
    refetchInterval: READ_EVERY_MS,
  });

/**
 * What changes a branch's figures, as the panel's socket hears it: an admin's socket is in the
 * chain-wide room, so it hears every branch's orders and trips, and every socket hears
 * `branch-status` (pause, rush). Each is only a hint to read the answer again.
 */
const HINTS = [
  SOCKET_EVENTS.newOrder,
  SOCKET_EVENTS.orderStatus,
  SOCKET_EVENTS.branchStatus,
  SOCKET_EVENTS.trip,
] as const;

/** Every branch now, read again shortly after any of them changes and on every reconnection. */
export function useLiveInsights() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reads = coalesce(
      () => void queryClient.invalidateQueries({ queryKey: liveInsightsQueryKey }),
      READ_AFTER_EVENTS_MS,
    );
    const stops: (() => void)[] = [];
    let active = true;
    void panelRealtime().then((realtime) => {
      if (!active) return;
      stops.push(...HINTS.map((event) => realtime.onEvent(event, reads.hint)));
      // Back from a dropped connection (or told events were missed): what changed meanwhile.
      stops.push(realtime.onConnect(reads.hint));
    });
    return () => {
      active = false;
      reads.cancel();
      for (const stop of stops) stop();
    };
  }, [queryClient]);
  return useQuery(liveInsightsQueryOptions());
}

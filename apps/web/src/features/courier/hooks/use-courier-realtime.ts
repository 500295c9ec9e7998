import { SOCKET_EVENTS, type CurrentTrip, type Trip } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { vibrate } from '@/lib/alarm/vibrate';
import { panelRealtime } from '@/lib/panel-realtime';
import { usePanelSession } from '@/stores/panel-session';
import { currentTripQueryKey } from '../api/get-current-trip';

/** The buzz of a new trip: three long pulses, felt through a jacket (ms on, off, …). */
export const NEW_TRIP_VIBRATION = [400, 150, 400, 150, 400];

/** The courier's phone's trip after an event about it: a finished trip leaves the screen. */
export const withTrip = (current: CurrentTrip | undefined, trip: Trip): CurrentTrip | undefined =>
  current && { ...current, results: trip.status === 'done' ? null : trip };

/**
 * The courier's phone's connection: every `trip` event about their trip replaces it on the screen
 * (a new one also buzzes; the screen's alarm rings while it waits), and every connection reads
 * the trip again, since events sent meanwhile are not replayed. Answers whether it is live.
 */
export function useCourierRealtime(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(true);
  const me = usePanelSession((state) => state.user?.id);

  useEffect(() => {
    const stops: (() => void)[] = [];
    let active = true;
    const reread = () => void queryClient.invalidateQueries({ queryKey: currentTripQueryKey });
    void panelRealtime().then(
      (realtime) => {
        if (!active) return;
        stops.push(
          realtime.onEvent(SOCKET_EVENTS.trip, (trip) => {
            if (trip.courier.id !== me) return;
            const before = queryClient.getQueryData<CurrentTrip>(currentTripQueryKey)?.results;
            queryClient.setQueryData<CurrentTrip>(currentTripQueryKey, (current) =>
              withTrip(current, trip),
            );
            if (trip.status === 'assigned' && before?.id !== trip.id) vibrate(NEW_TRIP_VIBRATION);
          }),
          realtime.onConnect(reread),
          realtime.onLiveChange(setLive),
        );
        setLive(realtime.isLive());
      },
      () => setLive(false),
    );
    return () => {
      active = false;
      for (const stop of stops) stop();
    };
  }, [me, queryClient]);

  return live;
}

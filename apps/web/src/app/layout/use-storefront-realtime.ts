import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showsSomethingLive } from '@/stores/session-rules';
import { useSession } from '@/stores/session-store';
import { afterLoad } from './after-load';

/**
 * The storefront's socket (product.md «States and transitions» "App start"), fetched once the page
 * has loaded, and only once something on screen is live (decision 096): socket.io-client and the
 * live-event handlers are not part of the first load, nor do they share its bandwidth with the
 * first screen's data and images, and a first-time visitor who has chosen nothing never downloads
 * them. A socket that starts after the load (the visitor chose a branch, logged in or added a
 * product) reads the live answers again on connecting, as after a reconnection: events sent
 * before it existed were not heard. It then follows the session by itself.
 */
export function useStorefrontRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops: (() => void)[] = [];
    const stop = () => {
      for (const undo of stops.splice(0)) undo();
    };
    const start = (late: boolean) => {
      stop();
      void import('../realtime').then(
        (realtime) => realtime.startStorefrontRealtime(queryClient, { late }),
        () => {},
      );
    };
    const live = () => showsSomethingLive(useSession.getState());
    const loaded = () => {
      if (live()) return start(false);
      stops.push(useSession.subscribe(() => live() && start(true)));
    };
    stops.push(afterLoad(loaded));
    return stop;
  }, [queryClient]);
}

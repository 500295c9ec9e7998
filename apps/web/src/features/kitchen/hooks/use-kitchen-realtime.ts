import { SOCKET_EVENTS } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { panelRealtime } from '@/lib/panel-realtime';
import { kitchenQueryKey } from '../api/kitchen-queries';

/**
 * Keeps the kitchen's screens current: a bump elsewhere (`station-item`), an order accepted or
 * moved on (`order-status`, `new-order`) and every reconnection read the branch's kitchen again.
 */
export function useKitchenRealtime(branchId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    const reread = () =>
      void queryClient.invalidateQueries({ queryKey: kitchenQueryKey(branchId) });
    void panelRealtime().then((realtime) => {
      const offs = [
        realtime.onEvent(SOCKET_EVENTS.stationItem, (event) => {
          if (event.branch_id === branchId) reread();
        }),
        realtime.onEvent(SOCKET_EVENTS.orderStatus, reread),
        realtime.onEvent(SOCKET_EVENTS.newOrder, reread),
        realtime.onConnect(reread),
      ];
      stop = () => offs.forEach((off) => off());
      if (gone) stop();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [queryClient, branchId]);
}

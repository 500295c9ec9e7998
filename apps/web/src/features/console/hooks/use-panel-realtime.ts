import {
  SOCKET_EVENTS,
  availabilityEventSchema,
  branchStatusEventSchema,
  orderStatusEventSchema,
  placedOrderSchema,
  type BranchConsole,
  type BranchProduct,
  type PlacedOrder,
} from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Realtime } from '@/lib/socket';
import { branchProductsQueryKey } from '../api/get-branch-products';
import { openOrdersQueryKey, putOnBoard } from '../api/get-open-orders';
import { staffBranchesQueryKey } from '../api/get-staff-branches';
import { usePanelSession } from '@/stores/panel-session';
import { queryKeys } from '@/lib/query-keys';

/**
 * The console's own connection, with the staff token (the storefront's follows the customer's
 * session). Staff sockets join their branches' rooms on the server; an admin's hears every branch.
 * lib/socket is imported on use, as the storefront does: a static import would change how the
 * bundler splits socket.io-client, and the storefront's first load with it.
 */
let panelConnection: Promise<Realtime> | null = null;
function panelRealtime(): Promise<Realtime> {
  panelConnection ??= import('@/lib/socket').then(({ createRealtime }) => {
    const realtime = createRealtime({ anonymous: false });
    realtime.start({
      getState: () => usePanelSession.getState(),
      subscribe: (listener) => usePanelSession.subscribe(listener),
      expire: () => usePanelSession.getState().logout(),
    });
    return realtime;
  });
  return panelConnection;
}

export type Connection = 'connecting' | 'live' | 'offline';

/** How long "Conectando…" may last before the console says plainly it is not live. */
const CONNECTING_GRACE_MS = 6000;

/**
 * Keeps the console's cached answers current for one branch: `new-order` and `order-status` move
 * cards, `branch-status` and `availability` update the switches. Events are hints. On every
 * connection (the first too: an order may land between the board's first read and the socket's
 * joining its room), after the tablet wakes or comes back online, the open orders and the
 * branch's state are read again from the API, so nothing placed meanwhile is missing; an order
 * event heard while that read is on the wire is replayed onto its answer (lib/heard-orders).
 */
export function usePanelRealtime(branchId: number): Connection {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Connection>('connecting');

  useEffect(() => {
    const ordersKey = openOrdersQueryKey(branchId);
    const reread = () => {
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: staffBranchesQueryKey });
      void queryClient.invalidateQueries({ queryKey: branchProductsQueryKey(branchId) });
    };
    const dayChanged = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.panel.dayOrders(branchId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.panel.summary(branchId) });
    };
    const place = (order: PlacedOrder) => {
      if (order.branch_office.id !== branchId) return;
      putOnBoard(queryClient, branchId, order);
      dayChanged();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') reread();
    };

    const stops: (() => void)[] = [];
    let active = true;
    const listen = (realtime: Realtime) => {
      if (!active) return;
      setState(realtime.isLive() ? 'live' : 'connecting');
      stops.push(
        realtime.onEvent(SOCKET_EVENTS.newOrder, (payload) => {
          const parsed = placedOrderSchema.safeParse(payload);
          if (parsed.success) place(parsed.data);
        }),
        realtime.onEvent(SOCKET_EVENTS.orderStatus, (payload) => {
          const parsed = orderStatusEventSchema.safeParse(payload);
          if (parsed.success) place(parsed.data.order);
        }),
        realtime.onEvent(SOCKET_EVENTS.branchStatus, (payload) => {
          const parsed = branchStatusEventSchema.safeParse(payload);
          if (!parsed.success) return;
          const { branch_id, ...state } = parsed.data;
          queryClient.setQueryData<BranchConsole[]>(staffBranchesQueryKey, (branches) =>
            branches?.map((branch) => (branch.id === branch_id ? { ...branch, ...state } : branch)),
          );
        }),
        realtime.onEvent(SOCKET_EVENTS.availability, (payload) => {
          const parsed = availabilityEventSchema.safeParse(payload);
          if (!parsed.success || parsed.data.branch_id !== branchId) return;
          const { product_id, sold_out } = parsed.data;
          queryClient.setQueryData<BranchProduct[]>(branchProductsQueryKey(branchId), (products) =>
            products?.map((product) =>
              product.product_id === product_id ? { ...product, sold_out } : product,
            ),
          );
        }),
        realtime.onConnect(reread),
        realtime.onLiveChange((live) => setState(live ? 'live' : 'offline')),
      );
      // Connected before this screen listened: the board may have missed what came meanwhile.
      if (realtime.isLive()) reread();
    };
    void panelRealtime().then(listen, () => setState('offline'));
    // A first connection that never comes (a network that blocks it, a server that is down)
    // must read as "Sin conexión", not as "Conectando…" forever.
    const slow = window.setTimeout(
      () => setState((current) => (current === 'connecting' ? 'offline' : current)),
      CONNECTING_GRACE_MS,
    );
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', reread);
    return () => {
      active = false;
      window.clearTimeout(slow);
      for (const stop of stops) stop();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', reread);
    };
  }, [branchId, queryClient]);

  return state;
}

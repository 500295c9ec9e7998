import {
  SOCKET_EVENTS,
  availabilityEventSchema,
  branchStatusEventSchema,
  couriersEventSchema,
  orderStatusEventSchema,
  placedOrderSchema,
  tripEventSchema,
  type AvailabilityEvent,
  type BranchConsole,
  type BranchProduct,
  type BranchStatusEvent,
  type PlacedOrder,
  type SocketEventName,
  type Trip,
} from '@comanda/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { panelRealtime } from '@/lib/panel-realtime';
import type { Realtime } from '@/lib/socket';
import { branchCouriersQueryKey } from '../api/get-branch-couriers';
import { branchProductsQueryKey } from '../api/get-branch-products';
import { branchShiftsQueryKey } from '../api/get-branch-shifts';
import { openOrdersQueryKey, putOnBoard } from '../api/get-open-orders';
import { staffBranchesQueryKey } from '../api/get-staff-branches';
import { queryKeys } from '@/lib/query-keys';

export type Connection = 'connecting' | 'live' | 'offline';

/** How long "Conectando…" may last before the console says plainly it is not live. */
const CONNECTING_GRACE_MS = 6000;

/** What the console does with its cached answers of one branch when the server says something. */
function branchCache(queryClient: QueryClient, branchId: number) {
  const invalidate = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey });
  const couriersChanged = () => invalidate(branchCouriersQueryKey(branchId));
  const dayChanged = () => {
    invalidate(queryKeys.panel.dayOrders(branchId));
    invalidate(queryKeys.panel.summary(branchId));
    invalidate(branchShiftsQueryKey(branchId));
  };
  return {
    reread: () => {
      invalidate(openOrdersQueryKey(branchId));
      invalidate(staffBranchesQueryKey);
      invalidate(branchProductsQueryKey(branchId));
      couriersChanged();
    },
    place: (order: PlacedOrder) => {
      if (order.branch_office.id !== branchId) return;
      putOnBoard(queryClient, branchId, order);
      dayChanged();
    },
    branchState: ({ branch_id, ...state }: BranchStatusEvent) =>
      queryClient.setQueryData<BranchConsole[]>(staffBranchesQueryKey, (branches) =>
        branches?.map((branch) => (branch.id === branch_id ? { ...branch, ...state } : branch)),
      ),
    soldOut: ({ branch_id, product_id, sold_out }: AvailabilityEvent) => {
      if (branch_id !== branchId) return;
      queryClient.setQueryData<BranchProduct[]>(branchProductsQueryKey(branchId), (products) =>
        products?.map((product) =>
          product.product_id === product_id ? { ...product, sold_out } : product,
        ),
      );
    },
    // A trip names its orders' courier on their cards and moves the couriers' states; a
    // delivered one adds to the shift's figures in Día.
    trip: (trip: Trip) => {
      if (trip.branch.id !== branchId) return;
      couriersChanged();
      invalidate(openOrdersQueryKey(branchId));
      dayChanged();
    },
    couriers: ({ branch_id }: { branch_id: number }) => {
      if (branch_id !== branchId) return;
      couriersChanged();
      invalidate(branchShiftsQueryKey(branchId));
    },
  };
}

/** Every event the console listens to, each checked against its schema; the stops returned. */
function listenTo(realtime: Realtime, cache: ReturnType<typeof branchCache>): (() => void)[] {
  const on = <T>(event: SocketEventName, schema: z.ZodType<T>, handle: (data: T) => void) =>
    realtime.onEvent(event, (payload) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) handle(parsed.data);
    });
  return [
    on(SOCKET_EVENTS.newOrder, placedOrderSchema, cache.place),
    on(SOCKET_EVENTS.orderStatus, orderStatusEventSchema, (event) => cache.place(event.order)),
    on(SOCKET_EVENTS.branchStatus, branchStatusEventSchema, cache.branchState),
    on(SOCKET_EVENTS.availability, availabilityEventSchema, cache.soldOut),
    on(SOCKET_EVENTS.trip, tripEventSchema, cache.trip),
    on(SOCKET_EVENTS.couriers, couriersEventSchema, cache.couriers),
    realtime.onConnect(cache.reread),
  ];
}

/**
 * Keeps the console's cached answers current for one branch: `new-order` and `order-status` move
 * cards, `branch-status` and `availability` update the switches, `trip` and `couriers` the
 * couriers and the cards' couriers. Events are hints. On every connection (the first too: an
 * order may land between the board's first read and the socket's joining its room), after the
 * tablet wakes or comes back online, the open orders, the couriers and the branch's state are
 * read again from the API, so nothing placed meanwhile is missing; an order event heard while
 * that read is on the wire is replayed onto its answer (lib/heard-orders).
 */
export function usePanelRealtime(branchId: number): Connection {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Connection>('connecting');

  useEffect(() => {
    const cache = branchCache(queryClient, branchId);
    const onVisible = () => {
      if (document.visibilityState === 'visible') cache.reread();
    };
    const stops: (() => void)[] = [];
    let active = true;
    const listen = (realtime: Realtime) => {
      if (!active) return;
      setState(realtime.isLive() ? 'live' : 'connecting');
      stops.push(
        ...listenTo(realtime, cache),
        realtime.onLiveChange((live) => setState(live ? 'live' : 'offline')),
      );
      // Connected before this screen listened: the board may have missed what came meanwhile.
      if (realtime.isLive()) cache.reread();
    };
    void panelRealtime().then(listen, () => setState('offline'));
    // A first connection that never comes (a network that blocks it, a server that is down)
    // must read as "Sin conexión", not as "Conectando…" forever.
    const slow = window.setTimeout(
      () => setState((current) => (current === 'connecting' ? 'offline' : current)),
      CONNECTING_GRACE_MS,
    );
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', cache.reread);
    return () => {
      active = false;
      window.clearTimeout(slow);
      for (const stop of stops) stop();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', cache.reread);
    };
  }, [branchId, queryClient]);

  return state;
}

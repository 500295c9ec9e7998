import { SOCKET_EVENTS, type PlacedOrder } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { newerOrder } from '@/lib/newer-order';
import { queryKeys } from '@/lib/query-keys';
import { promiseText, rejectionText } from '../lib/promise';

interface StatusEvent {
  order_id: number;
  status_text: string;
  order?: PlacedOrder;
}

const isStatusEvent = (value: unknown): value is StatusEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { order_id?: unknown }).order_id === 'number' &&
  typeof (value as { status_text?: unknown }).status_text === 'string';

/**
 * Keeps one order's cached copy current: every `order-status` event for it (the server pushes
 * them to the order's owner only) replaces it in the TanStack Query cache, and a reconnection
 * reads it again, since events sent while the socket was down are not replayed. Answers the
 * sentence to announce for the latest change.
 */
export function useLiveOrder(id: number): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const key = queryKeys.order(id);
    const stops: (() => void)[] = [];
    let active = true;
    // Imported when used, never statically: the app loads it at start for a logged-in customer,
    // and a static import from a screen changes how the bundler splits the first load's code.
    void import('@/lib/socket').then(
      ({ onSocketConnect, onSocketEvent }) => {
        if (!active) return;
        stops.push(
          onSocketEvent(SOCKET_EVENTS.orderStatus, (payload) => {
            if (!isStatusEvent(payload) || payload.order_id !== id) return;
            const fresh = payload.order;
            if (fresh) {
              queryClient.setQueryData<PlacedOrder>(key, (cached) => newerOrder(cached, fresh));
            } else {
              void queryClient.invalidateQueries({ queryKey: key });
            }
            // The order history shows statuses too.
            void queryClient.invalidateQueries({ queryKey: queryKeys.cartHistory.all });
            const answer = fresh ? (promiseText(fresh, new Date()) ?? rejectionText(fresh)) : null;
            setAnnouncement(
              `Tu pedido #${id} ahora está: ${payload.status_text}.${answer ? ` ${answer}.` : ''}`,
            );
          }),
          // Events sent while the socket was down are not replayed: read the order again.
          onSocketConnect(() => void queryClient.invalidateQueries({ queryKey: key })),
        );
      },
      () => undefined,
    );
    return () => {
      active = false;
      for (const stop of stops) stop();
    };
  }, [id, queryClient]);

  return announcement;
}

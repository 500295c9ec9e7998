import type { EtaEvent, PlacedOrder } from '@comanda/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isRecord } from '@/lib/is-record';
import { queryKeys } from '@/lib/query-keys';

const isEtaEvent = (value: unknown): value is EtaEvent =>
  isRecord(value) &&
  typeof value.order_id === 'number' &&
  isRecord(value.courier) &&
  typeof value.courier.name === 'string' &&
  isRecord(value.arrival) &&
  typeof value.arrival.from === 'string' &&
  typeof value.arrival.to === 'string';

/**
 * `eta`: the courier's position moved the arrival of one of the customer's orders. The cached
 * order takes the courier and the new range (its page shows them at once); an order no longer on
 * its way keeps what it has, since a late event must not bring the estimate back after delivery.
 * Checked by hand, no schema: this runs in the storefront's real time, on every screen.
 */
export function applyEta(queryClient: QueryClient, payload: unknown): void {
  if (!isEtaEvent(payload)) return;
  const { order_id, courier, arrival } = payload;
  queryClient.setQueryData<PlacedOrder>(queryKeys.order(order_id), (cached) =>
    cached && cached.status === 'on_the_way' ? { ...cached, courier, arrival } : cached,
  );
}

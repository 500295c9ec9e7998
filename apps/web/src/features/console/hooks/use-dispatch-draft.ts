import type { BranchConsole, Courier, PlacedOrder, Trip } from '@comanda/shared';
import { useState } from 'react';
import { useCreateTrip } from '../api/create-trip';
import { useUpdateTrip } from '../api/update-trip';
import { changeable, couriersOnShift, dispatchable, moved, tripsByOrder } from '../lib/dispatch';

/** What the dialog opens on: a card's order, and the trip it already goes in (for `Cambiar`). */
export interface DispatchTarget {
  order: PlacedOrder;
  trip: Trip | null;
}

const stopIds = (trip: Trip) =>
  [...trip.stops].sort((a, b) => a.position - b.position).map((stop) => stop.order_id);

/**
 * The dialog's choice: the courier, and the orders in the order they are delivered. A new trip
 * starts with the card's order and the longest-waiting available courier; `Cambiar` starts with
 * the trip as it is. Sending makes the trip, changes it, or adds the orders to the trip a chosen
 * courier already has waiting at the counter.
 */
export function useDispatchDraft(
  branch: BranchConsole,
  target: DispatchTarget,
  orders: readonly PlacedOrder[],
  couriers: readonly Courier[],
) {
  const { trip } = target;
  const onShift = couriersOnShift(couriers);
  const [courierId, setCourierId] = useState<number | null>(
    () => trip?.courier.id ?? onShift.find((courier) => courier.state === 'available')?.id ?? null,
  );
  const [orderIds, setOrderIds] = useState<number[]>(() =>
    trip ? stopIds(trip) : [target.order.id],
  );
  const taken = tripsByOrder(couriers);
  // The orders this trip may carry: dispatchable, and in no other trip.
  const candidates = orders.filter(
    (order) =>
      dispatchable(order, branch) &&
      (!taken.has(order.id) || (trip !== null && taken.get(order.id)!.id === trip.id)),
  );
  const create = useCreateTrip(branch.id);
  const update = useUpdateTrip(branch.id);
  const courier = onShift.find((candidate) => candidate.id === courierId) ?? null;

  const toggle = (id: number, on: boolean) =>
    setOrderIds((ids) =>
      on ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id),
    );
  const move = (id: number, step: -1 | 1) =>
    setOrderIds((ids) => moved(ids, ids.indexOf(id), step));

  const send = async () => {
    if (!courier) return;
    if (trip) {
      const other = courier.id === trip.courier.id ? {} : { courier_id: courier.id };
      await update.mutateAsync({ id: trip.id, ...other, order_ids: orderIds });
    } else if (changeable(courier.trip)) {
      await update.mutateAsync({
        id: courier.trip.id,
        order_ids: [...stopIds(courier.trip), ...orderIds],
      });
    } else {
      await create.mutateAsync({ courier_id: courier.id, order_ids: orderIds });
    }
  };
  const mutation = trip || changeable(courier?.trip) ? update : create;
  return {
    couriers: onShift,
    courier,
    setCourierId,
    candidates,
    orderIds,
    toggle,
    move,
    send,
    sending: mutation.isPending,
    error: create.error ?? update.error,
  };
}

export type DispatchDraft = ReturnType<typeof useDispatchDraft>;

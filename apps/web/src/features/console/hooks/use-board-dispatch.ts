import type { BranchConsole, PlacedOrder, Trip } from '@comanda/shared';
import { useState } from 'react';
import { useBranchCouriers } from '../api/get-branch-couriers';
import type { CardDispatch } from '../components/card-courier';
import { changeable, dispatchable, tripsByOrder } from '../lib/dispatch';
import type { DispatchTarget } from './use-dispatch-draft';

/**
 * The board's side of dispatch: the branch's couriers, what each delivery card offers
 * (`Asignar domiciliario`, or `Cambiar` while its trip has not left) and the dialog's target.
 */
export function useBoardDispatch(branch: BranchConsole) {
  const couriers = useBranchCouriers(branch.id);
  const [target, setTarget] = useState<DispatchTarget | null>(null);
  const trips = tripsByOrder(couriers.data ?? []);
  const onOpen = (order: PlacedOrder, trip: Trip | null) => setTarget({ order, trip });

  const dispatchOf = (order: PlacedOrder): CardDispatch | undefined => {
    if (order.type_delivery !== 2) return undefined;
    const trip = trips.get(order.id);
    return {
      assignable: dispatchable(order, branch) && !trip,
      trip: changeable(trip) ? trip : null,
      onOpen,
    };
  };
  return {
    couriers: couriers.data,
    couriersError: couriers.isError && !couriers.data ? couriers.error.message : null,
    dispatchOf,
    target,
    close: () => setTarget(null),
  };
}

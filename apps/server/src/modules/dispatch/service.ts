// The dispatch service (decision 068): the module's functions bound to its one set of dependencies.
import { bind } from '../../lib/bind';
import { ttlMemo } from '../../lib/ttl-memo';
import { branchCouriers } from './couriers';
import { delivered, depart, failed } from './courier-steps';
import { fleetOf, legMinutes } from './delivery-leg';
import { forgetOldPositions, recordPosition } from './position';
import { branchOfShift, closeShift, currentTrip, dayShifts, setShift } from './shifts';
import { afterStaffStep } from './step-hooks';
import { findTrip } from './trips-repository';
import { branchOfOrders, createTrip, updateTrip } from './trips';
import type { DispatchDeps } from './types';

/** The couriers' part of the estimate, read at most once a second per branch. */
function deliveryLegOf(deps: DispatchDeps) {
  const fleets = ttlMemo(
    1000,
    (branchId: number) => fleetOf(deps, branchId),
    () => deps.clock.now(),
  );
  return async (branchId: number, zoneMinutes: number, readyInMinutes: number) =>
    legMinutes(await fleets(branchId), deps.clock.now(), zoneMinutes, readyInMinutes);
}

export function createDispatchService(deps: DispatchDeps) {
  return {
    couriers: bind(deps, branchCouriers),
    createTrip: bind(deps, createTrip),
    updateTrip: bind(deps, updateTrip),
    depart: bind(deps, depart),
    delivered: bind(deps, delivered),
    failed: bind(deps, failed),
    position: bind(deps, recordPosition),
    setShift: bind(deps, setShift),
    closeShift: bind(deps, closeShift),
    dayShifts: bind(deps, dayShifts),
    current: bind(deps, currentTrip),
    forgetOldPositions: bind(deps, forgetOldPositions),
    afterStaffStep: bind(deps, afterStaffStep),
    deliveryLeg: deliveryLegOf(deps),
    /** For the guards: the branch a trip, a shift or a trip's orders belong to. */
    branchOfTrip: async (id: number) => (await findTrip(deps.db, id))?.branch_id ?? null,
    branchOfShift: bind(deps, branchOfShift),
    branchOfOrders: bind(deps, branchOfOrders),
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;

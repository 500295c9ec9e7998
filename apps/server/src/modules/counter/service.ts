// The counter's service: its plain functions bound to its dependencies (decision 065).
import { bind } from '../../lib/bind';
import { findCustomers } from './customers';
import { placeForCustomer } from './place-for-customer';
import type { CounterDeps } from './types';

/** Orders taken by phone or at the counter (decision 087), as app.counter. */
export function createCounterService(deps: CounterDeps) {
  return {
    findCustomers: bind(deps, findCustomers),
    place: bind(deps, placeForCustomer),
  };
}

export type CounterService = ReturnType<typeof createCounterService>;

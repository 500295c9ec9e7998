import type { OrderStatus } from '@comanda/shared';

/** How a confirm-cart ended: an order stored (or a retry answered), refused, or failed. */
export type PlacementOutcome = 'placed' | 'refused' | 'failed';

/**
 * What the orders module tells the metrics (decision 079), each only once it is committed.
 * Cheap and synchronous: it runs on the order's path.
 */
export interface OrderMetrics {
  /** An order reached its branch: placed, or its money came (paid online). */
  placed(branchId: number): void;
  /** A committed move: every status the order entered, in order (accepting on the way to ready too). */
  entered(branchId: number, statuses: readonly OrderStatus[]): void;
  /** One confirm-cart answered after this many seconds. */
  placement(seconds: number, outcome: PlacementOutcome): void;
}

/** Nobody counts: /metrics is off, or a bench builds the orders module alone. */
export const NO_ORDER_METRICS: OrderMetrics = {
  placed: () => undefined,
  entered: () => undefined,
  placement: () => undefined,
};

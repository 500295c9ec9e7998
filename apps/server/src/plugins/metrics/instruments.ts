import type { OrderStatus } from '@comanda/shared';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { OrderMetrics, PlacementOutcome } from './order-metrics';

/**
 * The instruments counted as things happen, each app its own (decision 079): the HTTP requests
 * Fastify answers, the orders per branch and how long placing one takes. What is read at scrape
 * time instead is in scrape-gauges.ts and backlog.ts. Every name is in docs/operations.md
 * («Metrics»); change one there too.
 */
export function createInstruments(registry: Registry) {
  return {
    http: new Histogram({
      name: 'comanda_http_request_duration_seconds',
      help: 'Requests Fastify answered, by route pattern, method and status class; seconds to answer.',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    orders: new Counter({
      name: 'comanda_orders_total',
      help: 'Orders by branch and event: placed (reached the branch), accepted, rejected, cancelled.',
      labelNames: ['branch', 'event'] as const,
      registers: [registry],
    }),
    placement: new Histogram({
      name: 'comanda_order_placement_seconds',
      help: 'confirm-cart from the payload check to the answer, by outcome (placed, refused, failed).',
      labelNames: ['outcome'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

export type Instruments = ReturnType<typeof createInstruments>;

/** The events `comanda_orders_total` counts. */
export const ORDER_EVENTS = ['placed', 'accepted', 'rejected', 'cancelled'] as const;

/** The statuses counted when an order enters them (a move through other statuses counts nothing). */
const COUNTED: Partial<Record<OrderStatus, (typeof ORDER_EVENTS)[number]>> = {
  accepted: 'accepted',
  rejected: 'rejected',
  cancelled: 'cancelled',
};

/** The orders module's metrics (modules/orders/types.ts) on these instruments. */
export function orderMetricsOf({ orders, placement }: Instruments): OrderMetrics {
  return {
    placed: (branchId) => orders.inc({ branch: String(branchId), event: 'placed' }),
    entered(branchId, statuses) {
      for (const status of statuses) {
        const event = COUNTED[status];
        if (event) orders.inc({ branch: String(branchId), event });
      }
    },
    placement: (seconds, outcome: PlacementOutcome) => placement.observe({ outcome }, seconds),
  };
}

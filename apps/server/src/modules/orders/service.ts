// The orders service: the module's plain functions bound to its one set of dependencies
// (decision 065). Nothing here decides anything; each line names the function that does.
import type { DialectName } from '../../db/dialect';
import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { NO_ORDER_METRICS, type OrderMetrics } from '../../plugins/metrics/order-metrics';
import type { AuditService } from '../audit/service';
import type { OrderRooms } from './events';
import { acceptingOrders } from './placement/checks';
import { place, type PlacementDeps } from './placement/place';
import { payloadReader } from './placement/payload-reader';
import { loadOrder } from './reads/load';
import { getOrder, history, openForBranch, reorder } from './reads/reads';
import { findOrderBranch } from './reads/reads-repository';
import { createOrderReference, forgetReference } from './reference/reference';
import { createQueueStart, suggestedMinutesFor, type StationWorkPort } from './schedule/estimate';
import { slots } from './schedule/schedule';
import { announce } from './status/announce';
import { cancelOrder } from './status/customer-cancel';
import { changeStatus, type StatusDeps } from './status/status-change';
import type {
  Customer,
  DeliveryLeg,
  InsertOrders,
  OrderLimits,
  OrderPayments,
  PlacedBy,
  PlacedHook,
  ReadPayloads,
  StepHook,
  StopHook,
} from './types';
import { insertWritten } from './writing/batch-repository';
import { createOrderWrites } from './writing/write-order';

/** Every dependency of the module's functions: each function declares the part it takes. */
export type OrdersDeps = PlacementDeps & StatusDeps;

/** What the plugin (or a bench) gives the module. */
export interface OrdersSetup {
  db: DbExecutor;
  dialect: DialectName;
  clock: Clock;
  realtime: OrderRooms['realtime'];
  /** What counts orders (plugins/metrics); nobody by default. */
  metrics?: OrderMetrics;
  /** The change log: every step staff take is recorded with the step, in its transaction. */
  audit: Pick<AuditService, 'record'>;
  rateLimiter: RateLimiter;
  limits: OrderLimits;
  /**
   * The writer thread's insertOrders (decisions 025 and 102); else the store's own, on the event
   * loop (an in-memory SQLite).
   */
  insertOrders?: InsertOrders;
  /** The payloads' thread's read (decision 103); else JSON text is read on the event loop. */
  readPayloads?: ReadPayloads;
}

/** The module's state made once: the remembered reference data and queue, the group commit, the plugs. */
export function createOrdersDeps(setup: OrdersSetup): OrdersDeps {
  const { db, dialect, clock } = setup;
  const store = { db, dialect };
  const insert: InsertOrders =
    setup.insertOrders ?? ((drafts, at) => insertWritten(store, drafts, at));
  // The thread writes every batch that waited in one transaction (decision 097), so the group
  // commit hands it each batch at once; on the event loop, one batch at a time.
  const writers = setup.insertOrders ? Infinity : 1;
  return {
    db,
    dialect,
    clock,
    realtime: setup.realtime,
    metrics: setup.metrics ?? NO_ORDER_METRICS,
    audit: setup.audit,
    rateLimiter: setup.rateLimiter,
    limits: setup.limits,
    reference: createOrderReference(store, clock),
    queueStart: createQueueStart(store, clock),
    writes: createOrderWrites({ store, clock, insertOrders: insert, writers }),
    plugs: { payments: null, stopHooks: [], stepHooks: [], placedHooks: [], deliveryLeg: null },
    readPayload: payloadReader(setup.readPayloads),
  };
}

/** `fn` with its dependencies given: what the service's callers see. */
const bind =
  <D, A extends unknown[], R>(deps: D, fn: (deps: D, ...args: A) => R) =>
  (...args: A): R =>
    fn(deps, ...args);

/** Placing orders, showing them, and moving them along, as app.orders. */
export function createOrdersService(deps: OrdersDeps) {
  return {
    /** Places an order from a payload as a client sends it (read as placement/payload.ts says). */
    place: (customer: Customer, raw: unknown, by?: PlacedBy | null) =>
      place(deps, customer, deps.readPayload(raw), by),
    get: bind(deps, getOrder),
    reorder: bind(deps, reorder),
    openForBranch: bind(deps, openForBranch),
    history: bind(deps, history),
    /** Orders waiting for their commit now (the group commit's backlog), for the metrics. */
    writesWaiting: () => deps.writes.waiting(),
    /** Whether a branch takes orders now (open, not paused), for the metrics. */
    acceptingOrders: bind(deps, acceptingOrders),
    /** The branch an order belongs to, or null when there is no such order: for authorization. */
    branchOf: bind(deps, findOrderBranch),
    changeStatus: bind(deps, changeStatus),
    forget: bind(deps.reference, forgetReference),
    slots: bind(deps, slots),
    /** The minutes Aceptar offers first for new orders accepted together (decision 088). */
    suggestedMinutes: bind(deps, suggestedMinutesFor),
    cancel: bind(deps, cancelOrder),
    announce: bind(deps, announce),
    /** The order as its answer, with its owner and branch; null when there is none. */
    load: bind(deps, loadOrder),
    /** Plugs online payment in: placement takes methods paid online from then on. */
    usePayments(port: OrderPayments) {
      deps.plugs.payments = port;
    },
    /** Adds what must happen, in the same transaction, whenever an order is stopped. */
    whenStopped(hook: StopHook) {
      deps.plugs.stopHooks.push(hook);
    },
    /** Plugs in the couriers' part of a delivery's estimate (decision 068). */
    useDeliveryLeg(leg: DeliveryLeg) {
      deps.plugs.deliveryLeg = leg;
    },
    /** Plugs in the stations' speeds and work: the promise becomes station-aware (decision 088). */
    useStationWork(port: StationWorkPort) {
      deps.queueStart.stations.port = port;
    },
    /** Adds what follows a staff member's step, once it is committed and announced. */
    afterStep(hook: StepHook) {
      deps.plugs.stepHooks.push(hook);
    },
    /** Adds what follows an order's arrival at its branch, once it is committed and has rung. */
    afterPlaced(hook: PlacedHook) {
      deps.plugs.placedHooks.push(hook);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

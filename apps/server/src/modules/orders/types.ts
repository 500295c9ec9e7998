// The orders module's shared types, in one place: every folder (reference, writing, schedule,
// reads, status, placement) imports its neighbours' shapes from here, never from each other's
// files, so no two files of the module import each other (decision 065).
import type {
  confirmCartPayload,
  Daypart,
  GroupToday,
  OnlinePayment,
  OrderChannel,
  OrderLineOption,
  PlacedOrder,
  StaffOrderChannel,
  UnavailableReason,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DialectName } from '../../db/dialect';
import type { DbExecutor, PaymentKind, Timestamp } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import type { Actor } from '../../lib/authorization';

/** The database every repository function of the module takes first. */
export interface OrdersStore {
  db: DbExecutor;
  dialect: DialectName;
}

/** Who places an order: the branch sees their name and phone with it. */
export type Customer = Actor & { name: string; phone: string };

/** A branch as placement, the schedule and the reads check it (reference-repository.ts). */
export interface BranchRow {
  id: number;
  title: string;
  address: string;
  delivery_available: number;
  pickup_available: number;
  /** Not taking orders before this instant; a far-future one means until staff reopen. */
  paused_until: Timestamp | null;
  prep_minutes: number;
  rush_minutes: number;
  /** Scheduled orders taken per slot; null = unlimited. */
  orders_per_slot: number | null;
  /** Units taken per slot; null = unlimited. */
  units_per_slot: number | null;
  auto_accept_scheduled: number;
  /** What else it accepts by itself, as JSON (auto-accept/rules.ts); null: nothing. */
  auto_accept: string | null;
}

/** A branch's delivery zone as placement reads it (migration 009 added fee and minimum). */
export interface ZoneRule {
  neighbourhood: string;
  fee: number;
  min_order: number;
  /** The trip to the zone, in minutes: part of the estimate (migration 015). */
  delivery_minutes: number;
}

/** A refusal's Spanish reasons by field, as confirm-cart answers them. */
export type Errors = Record<string, string[]>;

/** What one account may order: how often, and how much in one order. */
export interface OrderLimits {
  ordersPerMinute: number;
  maxUnits: number;
  /** Whole pesos. */
  maxTotal: number;
}

/** What placement needs of online payment: the payments module plugs it in (decision 061). */
export interface OrderPayments {
  /** How long an order paid online waits for its money before it is given up. */
  expiryMinutes: number;
  /** The provider's checkout for an order awaiting its money: the attempt still open, or a new one. */
  checkoutFor(orderId: number): Promise<OnlinePayment>;
}

/**
 * Runs in the transaction that stops an order (rejected, cancelled by staff or by its customer),
 * after the stop is written: the payments module owes the refund of an order paid online there,
 * so an order is never stopped without its refund (decision 061).
 */
export type StopHook = (
  trx: DbExecutor,
  stop: {
    orderId: number;
    status: 'rejected' | 'cancelled';
    /** Staff at the console, or the customer cancelling their scheduled order. */
    by: 'staff' | 'customer';
    reason: string | null;
  },
) => Promise<void>;

/**
 * What follows a staff member's step once it is committed and announced: dispatch offers a
 * courier for an order turning ready, or drops a cancelled one from its trip (decision 068).
 */
export type StepHook = (
  order: PlacedOrder,
  branchId: number,
  /** Null: the branch's own rule took the step (auto-accept). */
  actor: AuditActor | null,
) => Promise<void>;

/**
 * What follows an order becoming new to its branch (placed, or paid online), once it is committed
 * and has rung the board: the printers queue its tickets (decision 071). Called without waiting:
 * it must not slow or fail placement, so it catches its own errors.
 */
export type PlacedHook = (order: PlacedOrder, branchId: number) => void;

/** What other modules plug into orders once they are up: online payment and the step hooks. */
export interface OrderPlugs {
  /** Online payment, once the payments module is plugged in; null: methods paid online are refused. */
  payments: OrderPayments | null;
  stopHooks: StopHook[];
  stepHooks: StepHook[];
  placedHooks: PlacedHook[];
  /**
   * Minutes from ready to the door for a delivery: the wait for a free courier and the trip as
   * the branch's couriers really take it (decision 068); null: the zone's minutes alone.
   */
  deliveryLeg: DeliveryLeg | null;
}

export type DeliveryLeg = (
  branchId: number,
  zoneMinutes: number,
  readyInMinutes: number,
) => Promise<number>;

/** A scheduled order's times as stored: the slot's start (its key) and when the kitchen starts it. */
export interface ScheduledTimes {
  scheduled_for: string;
  fire_at: string;
}

/** A validated order ready to store: every figure computed by the server. */
export interface OrderDraft {
  user_id: number;
  branch_id: number;
  client_order_id: string;
  type_delivery: 1 | 2;
  address_id: number | null;
  address: string;
  neighbourhood: string | null;
  /** The saved address's notes when ordered; null for pickup or none. */
  address_notes: string | null;
  /** The customer's phone when ordered. */
  customer_phone: string;
  payment_type_id: number;
  payment_description: string;
  observation: string;
  quantity: number;
  /** The products' total plus `delivery_fee`, less `discount`. */
  total: number;
  /** The delivery zone's fee charged; 0 for pickup. */
  delivery_fee: number;
  /** What the discount code and the promotions took off; 0 without either. */
  discount: number;
  /** The discount code redeemed with the order, in the order's own transaction; null: none. */
  coupon_code_id: number | null;
  /** What each promotion took off, as the JSON text stored (`[{"id":1,"title":"2x1 martes","amount":22900}]`). */
  promotions: string;
  /** A scheduled order's slot start (ISO, also its slot's key); null: as soon as possible. */
  scheduled_for: string | null;
  /** When the kitchen must start it (ISO); null: when placed. */
  fire_at: string | null;
  /** `received`, or `awaiting_payment` for a method paid online (decision 061). */
  status: 'received' | 'awaiting_payment';
  /** `pending` for a method paid online; null for the rest. */
  payment_status: 'pending' | null;
  /** Cash: what the customer pays with; null when not said. */
  pay_with: number | null;
  /** The courier's tip in whole pesos, apart from `total`; 0: none (delivery only). */
  tip: number;
  /** Paid online: when the order is given up if its money has not come (ISO); null for the rest. */
  payment_expires_at: string | null;
  /** Where it came from: `web`, or the channel staff placed it through (decision 087). */
  channel: OrderChannel;
  /** The staff member who placed it for the customer; null: the customer did. */
  placed_by: number | null;
  lines: OrderDraftLine[];
}

/** Staff placing an order for a customer (decision 087): through which channel, and who. */
export interface PlacedBy {
  channel: StaffOrderChannel;
  staff: AuditActor;
}

/** One line of a draft, priced by the server. */
export interface OrderDraftLine {
  product_id: number;
  slug: string;
  title: string;
  image: string;
  unit_price: number;
  quantity: number;
  total: number;
  /** The chosen options; stored as JSON text. */
  options: OrderLineOption[];
  /** The customer's note for the kitchen; '': none. */
  note: string;
}

/** What makes placing an order idempotent: the customer and the id their app gave the attempt. */
export interface OrderKey {
  user_id: number;
  client_order_id: string;
}

/** Why a draft's code was refused in the write: taken meanwhile, or the customer redeemed another. */
export type CouponRefusal = 'used' | 'customer';

/** One draft of a batch as written: its id, whether this batch stored it, or its slot was full. */
export interface WrittenOrder {
  id: number;
  created: boolean;
  full?: true;
  /** Its discount code was redeemed meanwhile (`used`), or the customer redeemed another one at the branch (`customer`): nothing was stored. */
  coupon?: CouponRefusal;
  /** A promotion it took reached its per-customer limit meanwhile (another order of the customer took it): nothing was stored. */
  promotionUsedUp?: true;
}

/** What the group commit answers for one draft: as written, at the batch's time. */
export type Written = WrittenOrder & { at: string };

/**
 * Stores a batch of drafts stamped `at` in one transaction: on the event loop, or on the writer
 * thread, which may write it with batches stamped later and answer their time (decision 097).
 */
export type InsertOrders = (drafts: OrderDraft[], at: string) => Promise<Written[]>;

/** A product as a branch sells it: its price there and why it cannot be ordered (db/branch-product.ts). */
export interface MenuProduct {
  id: number;
  slug: string;
  title: string;
  image: string;
  price: number;
  unavailable: UnavailableReason;
  /** The sets of dayparts that must all allow the order's time (its category's, its own). */
  dayparts: Daypart[][];
}

/** A product's option groups with their options, in the shared rebuild's shape. */
export interface ProductOptions {
  groups: GroupToday[];
}

/** What an order is checked and priced against: the branch's products, and the options of those ordered. */
export interface MenuAtBranch {
  products: Map<number, MenuProduct>;
  options: Map<number, ProductOptions>;
  /** The options sold out at the branch today (decision 050). */
  soldOutOptions: ReadonlySet<number>;
}

/** confirm-cart's payload once parsed. */
export type ConfirmCartPayload = z.output<typeof confirmCartPayload>;

/**
 * A confirm-cart payload read (placement/payload.ts): what it says, or why it is refused and the
 * client_order_id it names, valid or not, so that even a refusal names the attempt it answers.
 */
export type PayloadRead =
  { payload: ConfirmCartPayload } | { clientOrderId: string | null; errors: Errors };

/**
 * Reads payloads sent as JSON (text, or a frame's UTF-8 bytes), in their order: on a thread of
 * its own (decisions 103 and 104).
 */
export type ReadPayloads = (
  payloads: (string | Uint8Array)[],
  /** The one buffer the payloads' bytes were copied into: handed to the thread, not copied. */
  buffer?: ArrayBuffer,
) => Promise<PayloadRead[]>;

/** A payment method as placement checks it. */
export interface Payment {
  id: number;
  description: string;
  kind: PaymentKind;
}

/** Where the order goes: the branch's counter, or a covered saved address. */
export interface Destination {
  address: string;
  addressId: number | null;
  neighbourhood: string | null;
  addressNotes: string | null;
  zone: ZoneRule | undefined;
}

/** The lines priced, the units, and the figures before the discount. */
export interface Price {
  lines: OrderDraftLine[];
  quantity: number;
  subtotal: number;
  total: number;
  fee: number;
}

import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { Role } from '../lib/authorization';

/**
 * The database as Kysely sees it. Flags are integers (0/1) in both dialects so one code path
 * reads and writes them (decision 003). Money is integer pesos.
 */
export interface Database {
  branches: BranchTable;
  branch_hours: BranchHoursTable;
  branch_slot_counts: BranchSlotCountTable;
  branch_delivery_zones: BranchDeliveryZoneTable;
  branch_exceptions: BranchExceptionTable;
  categories: CategoryTable;
  products: ProductTable;
  branch_products: BranchProductTable;
  modifiers: ModifierTable;
  modifier_groups: ModifierGroupTable;
  modifier_options: ModifierOptionTable;
  branch_sold_out_options: BranchSoldOutOptionTable;
  banners: BannerTable;
  payment_types: PaymentTypeTable;
  parameters: ParameterTable;
  coupons: CouponTable;
  users: UserTable;
  staff_branches: StaffBranchTable;
  sessions: SessionTable;
  favorites: FavoriteTable;
  addresses: AddressTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_status_history: OrderStatusHistoryTable;
  user_order_counts: UserOrderCountTable;
  discount_signups: DiscountSignupTable;
  courtesy_reservations: CourtesyReservationTable;
  audit_log: AuditLogTable;
  catalog_version: CatalogVersionTable;
  images: ImageTable;
  social_links: SocialLinkTable;
  outbox: OutboxTable;
  password_reset_tokens: PasswordResetTokenTable;
  coupon_codes: CouponCodeTable;
  recovery_codes: RecoveryCodeTable;
  login_challenges: LoginChallengeTable;
  login_devices: LoginDeviceTable;
  chain_settings: ChainSettingsTable;
  second_factor_branches: SecondFactorBranchTable;
  payments: PaymentTable;
  refunds: RefundTable;
  payment_events: PaymentEventTable;
  courier_shifts: CourierShiftTable;
  trips: TripTable;
  trip_orders: TripOrderTable;
  places: PlaceTable;
  insight_hours: InsightHourTable;
  insight_hour_dims: InsightHourDimTable;
  insight_hour_products: InsightHourProductTable;
  insight_hour_options: InsightHourOptionTable;
  insight_hour_customers: InsightHourCustomerTable;
  /** The same counters per branch and chain day (`bucket`: the day's first instant). */
  insight_days: InsightHourTable;
  insight_day_dims: InsightHourDimTable;
  insight_day_products: InsightHourProductTable;
  insight_day_options: InsightHourOptionTable;
  /** Every branch's hour added up. */
  insight_chain_hours: Omit<InsightHourTable, 'branch_id'>;
  /** The day tables added up over every branch, per chain day (migration 035). */
  insight_chain_days: Omit<InsightHourTable, 'branch_id'>;
  insight_chain_day_dims: Omit<InsightHourDimTable, 'branch_id'>;
  insight_chain_day_products: Omit<InsightHourProductTable, 'branch_id'>;
  insight_chain_day_options: Omit<InsightHourOptionTable, 'branch_id'>;
  insight_customers: InsightCustomerTable;
  insight_branch_customers: InsightBranchCustomerTable;
  insight_state: InsightStateTable;
  insight_changes: InsightChangeTable;
  stations: StationTable;
  branch_product_stations: BranchProductStationTable;
  product_stations: ProductStationTable;
  category_stations: CategoryStationTable;
  printers: PrinterTable;
  order_ratings: OrderRatingTable;
  print_jobs: PrintJobTable;
  promotions: PromotionTable;
}

export interface BranchTable {
  id: Generated<number>;
  slug: string;
  title: string;
  address: string;
  phone: string;
  city: string;
  delivery_available: number;
  position: number;
  active: Generated<number>;
  /** The usual minutes from accepting an order to having it ready. */
  prep_minutes: Generated<number>;
  /** Not taking orders before this instant; a far-future one means until staff reopen. */
  paused_until: Timestamp | null;
  /** "Alta demanda": minutes added to every promised time while above 0. */
  rush_minutes: Generated<number>;
  /** Print the ticket when an order is accepted. */
  auto_print: Generated<number>;
  auto_accept_scheduled: Generated<number>;
  /** The rules of what the branch accepts by itself, as JSON (migration 034); null: none. */
  auto_accept: string | null;
  /** Customers may pick orders up at the counter (migration 009). */
  pickup_available: Generated<number>;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
  /** Scheduled orders taken per 15-minute slot; null = unlimited (migration 018). */
  orders_per_slot: Generated<number | null>;
  /** 1: the branch's staff may change its slot capacity from the console (migration 044). */
  staff_sets_capacity: Generated<number>;
  /** Units of products taken per 15-minute slot; null = unlimited (migration 018). */
  units_per_slot: number | null;
  /** Orders still "En preparación" may be handed to a courier (migration 028). */
  dispatch_from_preparing: Generated<number>;
  /** A delivery order turning "Listo" goes to the longest-waiting available courier (migration 028). */
  auto_offer_courier: Generated<number>;
}

/** What each branch's 15-minute slot has taken (migration 018); `slot_start` is ISO text. */
export interface BranchSlotCountTable {
  branch_id: number;
  slot_start: string;
  orders: Generated<number>;
  units: Generated<number>;
}

export interface BranchHoursTable {
  id: Generated<number>;
  branch_id: number;
  weekday: number;
  opens: string;
  closes: string;
}

export interface BranchDeliveryZoneTable {
  id: Generated<number>;
  branch_id: number;
  neighbourhood: string;
  /** Added to a delivery's total, in pesos (migration 009). */
  fee: Generated<number>;
  /** The least a delivery's products may add up to, in pesos; 0 = none. */
  min_order: Generated<number>;
  /** The trip from the branch to the zone, in minutes: part of the estimate (migration 015). */
  delivery_minutes: Generated<number>;
}

/** A dated exception to a branch's weekly hours (migration 009). `ranges` is JSON text. */
export interface BranchExceptionTable {
  id: Generated<number>;
  branch_id: number;
  /** YYYY-MM-DD on the chain's calendar. */
  date: string;
  closed: Generated<number>;
  ranges: Generated<string>;
}

export interface CategoryTable {
  id: Generated<number>;
  slug: string;
  title: string;
  photo: string;
  position: number;
  active: Generated<number>;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
  /**
   * The dayparts it is offered in, as JSON (`[{ "days": [1,2,3,4,5], "from": "06:00", "to": "11:00" }]`);
   * `[]`: always (migration 023, decision 047).
   */
  dayparts: Generated<string>;
}

export interface ProductTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  title: string;
  description: string;
  description_eco: string;
  image: string;
  price: number;
  position: number;
  active: Generated<number>;
  /** Raised by every save of the back office's editor: its optimistic lock (migration 008). */
  version: Generated<number>;
  /**
   * The dayparts it is offered in, as JSON (`[{ "days": [1,2,3,4,5], "from": "06:00", "to": "11:00" }]`);
   * `[]`: always (migration 023, decision 047).
   */
  dayparts: Generated<string>;
  /** Allergen codes as a JSON list (`["gluten","lacteos"]`, shared dietary.ts); `[]`: none (migration 039). */
  allergens: Generated<string>;
  /** Dietary tag codes as a JSON list (`["vegetariano"]`); `[]`: none (migration 039). */
  tags: Generated<string>;
}

/** What a branch does with a product: its own price (null = the product's), sold out, or not offered. */
export interface BranchProductTable {
  branch_id: number;
  product_id: number;
  price: number | null;
  sold_out: number;
  offered: number;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
}

/** A reusable ingredient or choice ("Tocineta"), shown as an option's `modifier.title`. */
export interface ModifierTable {
  id: Generated<number>;
  title: string;
}

export interface ModifierGroupTable {
  id: Generated<number>;
  product_id: number;
  title: string;
  required: number;
  type_input: number;
  position: number;
  /** Least and most options of a multiple choice; null when unset (option-rules.ts). */
  min_choices: number | null;
  max_choices: number | null;
  /** 0: removed in the back office, kept because carts and orders name it. */
  active: Generated<number>;
}

export interface ModifierOptionTable {
  id: Generated<number>;
  group_id: number;
  modifier_id: number;
  title: string;
  price: number;
  position: number;
  /** 0: removed in the back office, kept because carts and orders name it. */
  active: Generated<number>;
}

/** An option sold out at a branch today; no row: not sold out (migration 026, decision 050). */
export interface BranchSoldOutOptionTable {
  branch_id: number;
  option_id: number;
}

/** A promotion rule of the chain (migration 036, decision 082); lists of ids are JSON text. */
export interface PromotionTable {
  id: Generated<number>;
  title: string;
  /** nxm, percent, amount, combo or free_delivery: which of the figures below counts. */
  kind: string;
  buy: number | null;
  pay: number | null;
  percent: number | null;
  /** Pesos off each matched unit. */
  amount: number | null;
  /** A combo's price for one unit of each of its products. */
  price: number | null;
  /** Free delivery from this products' total. */
  min_order: number | null;
  product_ids: Generated<string>;
  category_ids: Generated<string>;
  /** Weekdays, 0 = Sunday, as JSON. */
  days: string;
  /** The weekly window's hours, 'HH:MM'; `time_to` at or before `time_from` runs past midnight. */
  time_from: string;
  time_to: string;
  /** `[]`: every branch. */
  branch_ids: Generated<string>;
  /** First and last chain day (YYYY-MM-DD, inclusive); null: open-ended. */
  starts_on: string | null;
  ends_on: string | null;
  /** How many orders of one customer it applies to; null: no limit. */
  per_customer_limit: number | null;
  stacks_with_code: Generated<number>;
  active: Generated<number>;
  /** Raised by every committed back-office change: its optimistic lock. */
  version: Generated<number>;
}

export interface BannerTable {
  id: Generated<number>;
  title: string;
  image: string;
  position: number;
  active: Generated<number>;
  /** First and last chain day (YYYY-MM-DD, inclusive) it shows; null = no limit (migration 010). */
  active_from: string | null;
  active_to: string | null;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
  /** The promotion it announces, where a tap leads; null: none, or deleted (migration 042). */
  promotion_id: number | null;
}

/** How a payment method is paid (migration 027, decision 061). */
export type PaymentKind = 'cash' | 'on_delivery' | 'online';

export interface PaymentTypeTable {
  id: Generated<number>;
  description: string;
  position: number;
  active: Generated<number>;
  kind: Generated<PaymentKind>;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
}

/** Configurable lists by segment; the storefront asks for the `survey` segment. */
export interface ParameterTable {
  id: Generated<number>;
  segment: string;
  description: string;
  position: number;
  /** 0 = hidden: no longer offered, kept because signups point to it (migration 010). */
  active: Generated<number>;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
}

/** The accounts of /redes-sociales (migration 010): one row per network. */
export interface SocialLinkTable {
  id: Generated<number>;
  network: string;
  handle: string;
  /** An https URL; for WhatsApp the number, country code first, digits only. */
  value: string;
  position: number;
  active: Generated<number>;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
}

export interface CouponTable {
  id: Generated<number>;
  branch_id: number;
  title: string;
  description: string;
  main_image: string;
  confirmation_image: string;
  active: Generated<number>;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
  /** The terms a signup's code carries (migration 019): percent or amount off, minimum order, days valid. */
  discount_percent: Generated<number>;
  discount_amount: Generated<number>;
  min_order: Generated<number>;
  valid_days: Generated<number>;
}

export interface UserTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  password_hash: string;
  role: Role;
  created_at: Timestamp;
  /** Set when an administrator deactivates the account: it can no longer log in or use a token. */
  deactivated_at: Timestamp | null;
  /** Raised by every committed back-office change: its optimistic lock (migration 017). */
  version: Generated<number>;
  /**
   * The confirmed TOTP secret, or null without a second factor (migration 020): sealed with
   * SECRETS_KEY (`v1.…`, migration 033, decision 075); base32 in the clear only until the
   * server's next start seals it.
   */
  totp_secret: string | null;
  /** The secret being enrolled, until a code from it is checked; sealed like `totp_secret`. */
  totp_pending_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last 30-second step a code was accepted in: a code is never accepted twice. */
  totp_last_step: number | null;
}

/** A branch a staff member works at (admins work at every branch and have no rows). */
export interface StaffBranchTable {
  user_id: number;
  branch_id: number;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;

/**
 * Timestamps are read as ISO text on both databases (PostgreSQL's through postgres-instants.ts,
 * decision 112); written as ISO strings. Date stays in the type for values the code makes itself.
 */
export type Timestamp = string | Date;

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Always written; nullable only because SQLite cannot add a NOT NULL column (migration 005). */
  last_used_at: Timestamp | null;
  /** A short description of the device ("Chrome en Android"), for the customer's session list. */
  user_agent: string | null;
  /** When this session passed the second factor; null: password only (migration 020). */
  second_factor_at: Timestamp | null;
}

/** One of an account's recovery codes: only its hash, used once. */
export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

/** What a password login answers when the account asks for a code: the hash of its token. */
export interface LoginChallengeTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A browser an account logged in on (migration 033, decision 076): the SHA-256 of its device id. */
export interface LoginDeviceTable {
  id: Generated<number>;
  user_id: number;
  device_hash: string;
  created_at: Timestamp;
  last_login_at: Timestamp;
}

/** A branch whose staff must have the second factor (migration 038); none: every branch. */
export interface SecondFactorBranchTable {
  branch_id: number;
}

/** The chain's one row of settings (id 1). */
export interface ChainSettingsTable {
  id: number;
  /** 1: admins must have the second factor to use the console. */
  second_factor_admins: Generated<number>;
  /** 1: staff must have it too (at the branches of `second_factor_branches`, or every one). */
  second_factor_staff: Generated<number>;
  /**
   * When the staff requirement last widened (migration 038): sessions opened before it keep
   * working through a grace period (`secondFactorGraceUntil`); null: never required.
   */
  second_factor_staff_since: Timestamp | null;
  /** The chain's brand (migration 022): its name, short name and theme colour (#rrggbb). */
  brand_name: Generated<string>;
  brand_short_name: Generated<string>;
  brand_color: Generated<string>;
  brand_version: Generated<number>;
  /** The chain's logo as a 512 px square PNG (migration 025); null: the shipped logo. */
  brand_logo: Buffer | null;
  version: Generated<number>;
}

export type NewSession = Insertable<SessionTable>;

export interface FavoriteTable {
  user_id: number;
  product_id: number;
  created_at: Timestamp;
}

export interface AddressTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  address: string;
  neighbourhood: string;
  city: string;
  notes: Generated<string>;
  created_at: Timestamp;
  /** Soft delete: past orders keep pointing at the address they were delivered to. */
  deleted_at: Timestamp | null;
}

export type OrderStatus =
  | 'awaiting_payment'
  | 'received'
  | 'accepted'
  | 'preparing'
  | 'ready'
  | 'on_the_way'
  | 'delivered'
  | 'rejected'
  | 'cancelled'
  | 'payment_expired';

export interface OrderTable {
  id: Generated<number>;
  user_id: number;
  branch_id: number;
  client_order_id: string;
  type_delivery: number;
  address_id: number | null;
  address: string;
  payment_type_id: number;
  payment_description: string;
  observation: Generated<string>;
  quantity: number;
  total: number;
  status: OrderStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  accepted_at: Timestamp | null;
  /** The ready time promised on accepting: accepted_at + preparation + rush minutes. */
  promised_at: Timestamp | null;
  reject_reason: string | null;
  /** The delivery address's neighbourhood when ordered; null for pickup. */
  neighbourhood: string | null;
  /** The zone's delivery fee charged, in pesos; already part of `total` (migration 009). */
  delivery_fee: Generated<number>;
  /** The order's position among its customer's orders (1 = the first); the history's pages are ranges of it. */
  user_seq: number | null;
  /** What a coupon code and the promotions took off, in pesos; `total` is already net of it (migrations 019, 036). */
  discount: Generated<number>;
  coupon_code_id: number | null;
  /** What each promotion took off, JSON text `[{"id":1,"title":"2x1 martes","amount":22900}]` (migration 036). */
  promotions: Generated<string>;
  /** The delivery address's notes when ordered; null for pickup or none (migration 015). */
  address_notes: string | null;
  /** The customer's phone when ordered; null for orders placed before migration 015. */
  customer_phone: string | null;
  /** The slot's start a scheduled order is due at; null: as soon as possible (migration 018). */
  scheduled_for: Timestamp | null;
  /** When the kitchen must start it: the slot minus its preparation; null before migration 018. */
  fire_at: Timestamp | null;
  /** Null unless paid online (migration 027, decision 061). */
  payment_status: PaymentStatus | null;
  /** What confirmed refunds gave back, in pesos. */
  refunded_amount: Generated<number>;
  /** Cash: what the customer said they pay with; null when not said. */
  pay_with: number | null;
  /** When an order still awaiting its money is given up; null for the rest. */
  payment_expires_at: Timestamp | null;
  /** The attempt whose approval took the order to its branch; null unless paid online. */
  paid_payment_id: number | null;
  /** The trip carrying it, once a courier has it (migration 028, decision 068). */
  trip_id: number | null;
  /** Why a courier brought it back ("No contestó"); cleared when it leaves again. */
  delivery_failed: string | null;
  /** When it should reach the door, moved by the courier's position; null until on its way. */
  arrival_from: Timestamp | null;
  arrival_to: Timestamp | null;
  /** The courier's tip in whole pesos, apart from `total` (the sale); 0: none (migration 041). */
  tip: Generated<number>;
  /** Where it came from: `web`, `telefono` or `mostrador` (migration 043, decision 087). */
  channel: Generated<string>;
  /** The staff member who placed it for the customer; null: the customer did (migration 043). */
  placed_by: number | null;
}

/** A courier's shift at one branch (migration 028); closed by the branch with the cash handed in. */
export interface CourierShiftTable {
  id: Generated<number>;
  courier_id: number;
  branch_id: number;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  closed_at: Timestamp | null;
  closed_by: number | null;
  cash_handed_in: number | null;
  note: string | null;
}

export type TripStatusColumn = 'assigned' | 'out' | 'done';

/** Delivery orders handed to one courier (migration 028); the position is kept while it runs. */
export interface TripTable {
  id: Generated<number>;
  branch_id: number;
  courier_id: number;
  shift_id: number;
  status: TripStatusColumn;
  created_at: Timestamp;
  departed_at: Timestamp | null;
  finished_at: Timestamp | null;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  position_at: Timestamp | null;
}

/** One stop of a trip, in delivery order, and how it ended. */
export interface TripOrderTable {
  trip_id: number;
  order_id: number;
  position: number;
  outcome: 'delivered' | 'failed' | null;
  fail_reason: string | null;
  ended_at: Timestamp | null;
}

/** Where a branch, a delivery zone or a saved address is (migration 028). */
export interface PlaceTable {
  kind: 'branch' | 'zone' | 'address';
  ref_id: number;
  lat: number;
  lng: number;
  samples: Generated<number>;
  updated_at: Timestamp;
}

/**
 * Informes' rollups (migration 029, decision 069): per branch and hour of the chain's clock
 * (`bucket`, the hour's start), the orders that reached the branch and what they came to. Money
 * in pesos; `sales` net of refunds, for orders the branch took on and did not call off.
 */
export interface InsightHourTable {
  branch_id: number;
  bucket: Timestamp;
  orders: Generated<number>;
  sale_orders: Generated<number>;
  sales: Generated<number>;
  discounts: Generated<number>;
  refunds: Generated<number>;
  rejected: Generated<number>;
  cancelled: Generated<number>;
  scheduled_orders: Generated<number>;
  scheduled_sales: Generated<number>;
  coupon_orders: Generated<number>;
  coupon_sales: Generated<number>;
  /** Sales whose promise could be checked: ready (pickup) or delivered (delivery), with a promise. */
  promise_measured: Generated<number>;
  promise_kept: Generated<number>;
}

/** An hour split by one dimension: `kind` type | payment | channel | neighbourhood | rejected | cancelled | lateness. */
export interface InsightHourDimTable {
  branch_id: number;
  bucket: Timestamp;
  kind: string;
  key: string;
  orders: number;
  sales: number;
  /** Delivery fees (neighbourhood rows); 0 elsewhere. */
  fees: number;
}

/** Units and line totals of a product sold in an hour. */
export interface InsightHourProductTable {
  branch_id: number;
  bucket: Timestamp;
  product_id: number;
  quantity: number;
  sales: number;
}

/** Times an option (by its title) was chosen in an hour, counted per unit. */
export interface InsightHourOptionTable {
  branch_id: number;
  bucket: Timestamp;
  title: string;
  times: number;
}

/** A customer who bought at the branch in the hour. */
export interface InsightHourCustomerTable {
  branch_id: number;
  bucket: Timestamp;
  user_id: number;
}

/** A customer's first sale ever in the chain, and whether a second came within 30 days of it. */
export interface InsightCustomerTable {
  user_id: number;
  first_sale_at: Timestamp;
  returned_30d: number;
}

/** The same at one branch. */
export interface InsightBranchCustomerTable {
  branch_id: number;
  user_id: number;
  first_sale_at: Timestamp;
  returned_30d: number;
}

/** One row (id 1): the catch-up's watermark (null: never built), a rebuild's heartbeat, its lock. */
export interface InsightStateTable {
  id: number;
  watermark: Timestamp | null;
  building_at: Timestamp | null;
  locked_at: Timestamp | null;
  /** 1 once the days and the chain's hours are made from the hours (migration 032). */
  days_built: Generated<number>;
}

/**
 * Informes' change log (migration 046, decision 091): a row per order write a report reads,
 * appended by triggers on `orders` in the writing transaction; the catch-up deletes what it folded.
 */
export interface InsightChangeTable {
  seq: Generated<number>;
  order_id: number;
  /** `insert`: a new order, added to its hour; `update`: its hour recomputed. */
  kind: 'insert' | 'update';
}

export type PaymentStatus =
  'pending' | 'approved' | 'declined' | 'expired' | 'refunded' | 'partially_refunded';

export type PaymentAttemptStatus =
  'pending' | 'approved' | 'declined' | 'voided' | 'error' | 'abandoned' | 'mismatch';

/** One attempt at the provider's checkout (migration 027). Money in whole pesos. */
export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  reference: string;
  amount: number;
  currency: string;
  status: Generated<PaymentAttemptStatus>;
  transaction_id: string | null;
  method: string | null;
  provider_amount: number | null;
  checkout_expires_at: Timestamp;
  next_check_at: Timestamp;
  checks: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  approved_at: Timestamp | null;
}

export type RefundStatus = 'pending' | 'approved' | 'declined';

/** A refund owed on an attempt, sent and retried until the provider confirms or refuses it. */
export interface RefundTable {
  id: Generated<number>;
  payment_id: number;
  order_id: number;
  amount: number;
  reason: string;
  automatic: Generated<number>;
  actor_id: number | null;
  status: Generated<RefundStatus>;
  provider_refund_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claim_token: string | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
}

/** What a provider told Comanda (an event, or an answer it asked for) and what that caused. */
export interface PaymentEventTable {
  id: Generated<number>;
  provider: string;
  source: 'webhook' | 'return' | 'reconcile';
  event_key: string | null;
  transaction_id: string | null;
  reference: string | null;
  status: string | null;
  amount: number | null;
  currency: string | null;
  outcome: string;
  payment_id: number | null;
  received_at: Timestamp;
  body: string | null;
}

/** How many orders each customer has placed, kept with every placement: the history's total. */
export interface UserOrderCountTable {
  user_id: number;
  orders: number;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  slug: string;
  title: string;
  image: string;
  unit_price: number;
  quantity: number;
  total: number;
  /** JSON: OrderLineOption[] */
  options: string;
  position: number;
  /** When its station marked it done; null: still to make (migration 030). */
  bumped_at: Generated<Timestamp | null>;
  /** The customer's note for the kitchen («Sin cebolla»); '': none (migration 041). */
  note: Generated<string>;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  at: Timestamp;
  /** The staff member or admin who took the step; null for the customer's placing or a seed. */
  actor_id: number | null;
}

/** A discount-coupon signup (/descuento/:branch); one per email and branch. */
export interface DiscountSignupTable {
  id: Generated<number>;
  branch_id: number;
  name: string;
  phone: string;
  /** Lower-cased. */
  email: string;
  address: string;
  /** parameters.id of the survey segment ("Como nos conociste?"). */
  source_id: number;
  created_at: Timestamp;
}

/** A courtesy reservation (/cortesia/:branch); one per phone, branch and day. */
export interface CourtesyReservationTable {
  id: Generated<number>;
  branch_id: number;
  name: string;
  phone: string;
  /** YYYY-MM-DD, the chain's calendar day. */
  date_reservation: string;
  created_at: Timestamp;
}

/** One row (id 1): how many catalogue changes were published (migration 016, decision 028). */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

/** One change made in the console (migration 007). `before`/`after` are JSON text. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  user_id: number | null;
  user_email: string;
  action: string;
  entity: string;
  entity_id: string | null;
  branch_id: number | null;
  summary: string;
  before: string | null;
  after: string | null;
}

/** One stored file of an uploaded image (migration 011), when images live in the database. */
export interface ImageTable {
  /** The file name its URL ends with: `product.<hash>.w480.avif`. */
  name: string;
  content_type: string;
  data: Buffer;
  created_at: Timestamp;
}

/**
 * The database or an open transaction of it: what a repository method takes when its write must
 * join the caller's transaction (a change and its audit row commit together).
 */
export type DbExecutor = Kysely<Database>;

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A message to send (migration 019, decision 038): written with its cause, delivered by the sender. */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claim_token: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /**
   * The message's one secret (a reset link's token), sealed with SECRETS_KEY (migration 033,
   * decision 075): the bodies hold `token=…` where the sender puts it; cleared once delivered.
   */
  secret: string | null;
}

/** The hash of an emailed reset link's token: single use, valid until `expires_at`. */
export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The code a discount signup issued, with the coupon's terms copied when it was issued. */
/** A kitchen station of a branch (migration 030, decision 072); the first by position is the default. */
export interface StationTable {
  id: Generated<number>;
  branch_id: number;
  name: string;
  position: number;
}

/** Where the back office sends a product, read by the station's name at each branch (migration 030). */
export interface ProductStationTable {
  product_id: number;
  station_id: number;
}

/** Where a category's products go when the product says nothing (migration 030). */
export interface CategoryStationTable {
  category_id: number;
  station_id: number;
}

/** A branch whose kitchen differs: this product cooks at this one of its stations. */
export interface BranchProductStationTable {
  branch_id: number;
  product_id: number;
  station_id: number;
}

export interface CouponCodeTable {
  id: Generated<number>;
  code: string;
  branch_id: number;
  signup_id: number;
  email: string;
  discount_percent: number;
  discount_amount: number;
  min_order: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  redeemed_at: Timestamp | null;
  redeemed_by: number | null;
}

/** A branch's thermal printer (decision 071): where it is, its paper, what and when it prints. */
export interface PrinterTable {
  id: Generated<number>;
  branch_id: number;
  name: string;
  host: string;
  port: number;
  /** 58 or 80. */
  width_mm: number;
  /** `cp858` or `cp850`. */
  code_page: string;
  /** JSON list: `ticket` and/or `station:<id>`. */
  prints: string;
  /** JSON list: `new`, `accept`, `manual`. */
  print_on: string;
  /** When it last took a job; null: never. */
  last_success_at: Timestamp | null;
  /** Why its last attempt failed, when that came after its last success; else null. */
  last_error: string | null;
  last_error_at: Timestamp | null;
  version: Generated<number>;
  created_at: Timestamp;
}

export type PrintJobStatus = 'pending' | 'sent' | 'failed';
export type PrintReason = 'new' | 'accept' | 'manual';

/** One printout queued for one printer: its ESC/POS bytes, sent once, in order per printer. */
export interface PrintJobTable {
  id: Generated<number>;
  printer_id: number;
  order_id: number | null;
  /** `ticket` or `station:<id>`. */
  kind: string;
  reason: PrintReason;
  payload: Buffer;
  status: Generated<PrintJobStatus>;
  attempts: Generated<number>;
  /** When it is due; while claimed, when the claim's lease runs out. */
  next_attempt_at: Timestamp;
  claim_token: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** A customer's rating of a finished order, one per order (migration 040). */
export interface OrderRatingTable {
  order_id: number;
  /** The order's branch, copied for the average per branch. */
  branch_id: number;
  /** The order's customer, who rated it. */
  user_id: number;
  /** 1 to 5. */
  stars: number;
  /** What the customer added; '' when nothing. */
  comment: Generated<string>;
  created_at: Timestamp;
}

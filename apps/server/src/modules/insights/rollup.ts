import {
  type LATENESS_BUCKETS,
  promiseMetAt,
  SALE_STATUSES,
  statusIn,
  type OrderLineOption,
  type OrderStatus,
} from '@comanda/shared';
import { hourBucket } from './chain-hours';

/**
 * What the rollups add up (decision 069), as pure functions of the orders: one hour's row per
 * branch, its breakdowns, the products and options sold and who bought. The catch-up and the
 * rebuild load the orders and write what this returns; nothing here reads the database.
 */

const MINUTE = 60_000;

/** An order as the rollups see it: what it was placed as, where it ended, and its times. */
export interface OrderFacts {
  id: number;
  branch_id: number;
  user_id: number;
  created_at: number;
  status: OrderStatus;
  type_delivery: number;
  payment_description: string;
  /** `web`, `telefono` or `mostrador` (migration 043, decision 087). */
  channel: string;
  neighbourhood: string | null;
  delivery_fee: number;
  total: number;
  discount: number;
  refunded_amount: number;
  reject_reason: string | null;
  scheduled: boolean;
  coupon: boolean;
  promised_at: number | null;
  /** First "Listo". */
  ready_at: number | null;
  /** Last "Entregado". */
  delivered_at: number | null;
}

export interface LineFacts {
  order_id: number;
  product_id: number;
  quantity: number;
  total: number;
  options: OrderLineOption[];
}

export const HOUR_COUNTERS = [
  'orders',
  'sale_orders',
  'sales',
  'discounts',
  'refunds',
  'rejected',
  'cancelled',
  'scheduled_orders',
  'scheduled_sales',
  'coupon_orders',
  'coupon_sales',
  'promise_measured',
  'promise_kept',
] as const;
export type HourCounter = (typeof HOUR_COUNTERS)[number];
export type HourRow = { branch_id: number; bucket: number } & Record<HourCounter, number>;
export type DimKind =
  'type' | 'payment' | 'channel' | 'neighbourhood' | 'rejected' | 'cancelled' | 'lateness';
export interface DimRow {
  branch_id: number;
  bucket: number;
  kind: DimKind;
  key: string;
  orders: number;
  sales: number;
  fees: number;
}
export interface ProductRow {
  branch_id: number;
  bucket: number;
  product_id: number;
  quantity: number;
  sales: number;
}
export interface OptionRow {
  branch_id: number;
  bucket: number;
  title: string;
  times: number;
}
export interface CustomerRow {
  branch_id: number;
  bucket: number;
  user_id: number;
}

export interface Rollup {
  hours: HourRow[];
  dims: DimRow[];
  products: ProductRow[];
  options: OptionRow[];
  customers: CustomerRow[];
}

/** A sale: taken on by the branch and not called off (Día's rule, console/summary.ts). */
export const isSaleStatus = (status: OrderStatus) => statusIn(SALE_STATUSES, status);

/** Keys are limited to what the columns hold. */
const keyText = (text: string) => text.slice(0, 200);

/** Minutes late (rounded up) → its bucket; on time or early is `a_tiempo`. */
export function latenessBucket(lateMs: number): (typeof LATENESS_BUCKETS)[number] {
  const minutes = Math.ceil(lateMs / MINUTE);
  if (minutes <= 0) return 'a_tiempo';
  if (minutes <= 5) return '1_5';
  if (minutes <= 10) return '6_10';
  if (minutes <= 20) return '11_20';
  return 'mas_20';
}

/**
 * When the promise is checked (the shared `promiseMetAt`: a pickup order once it is first ready,
 * a delivery order once it is delivered). Null: not measured (no promise, not a sale, or not
 * there yet).
 */
export function promiseMeasure(order: OrderFacts): number | null {
  if (order.promised_at === null || !isSaleStatus(order.status)) return null;
  return promiseMetAt(order);
}

class Tally<R> {
  readonly rows = new Map<string, R>();
  constructor(private readonly make: () => R) {}
  at(key: string): R {
    let row = this.rows.get(key);
    if (!row) {
      row = this.make();
      this.rows.set(key, row);
    }
    return row;
  }
}

const emptyHour = (branch_id: number, bucket: number): HourRow => ({
  branch_id,
  bucket,
  ...(Object.fromEntries(HOUR_COUNTERS.map((name) => [name, 0])) as Record<HourCounter, number>),
});

/** Adds one order to the tallies of its (branch, hour). */
function addOrder(
  tallies: ReturnType<typeof makeTallies>,
  order: OrderFacts,
  lines: readonly LineFacts[],
) {
  const bucket = hourBucket(order.created_at);
  const at = `${order.branch_id}|${bucket}`;
  const hour = tallies.hours.at(at);
  const dim = (kind: DimKind, key: string, orders: number, sales: number, fees = 0) => {
    const row = tallies.dims.at(`${at}|${kind}|${keyText(key)}`);
    Object.assign(row, { branch_id: order.branch_id, bucket, kind, key: keyText(key) });
    row.orders += orders;
    row.sales += sales;
    row.fees += fees;
  };
  Object.assign(hour, { branch_id: order.branch_id, bucket });
  hour.orders += 1;
  if (order.status === 'rejected' || order.status === 'cancelled') {
    hour[order.status] += 1;
    dim(order.status, order.reject_reason ?? '', 1, 0);
    return;
  }
  if (!isSaleStatus(order.status)) return;
  addSale(tallies, order, lines, { at, bucket, hour, dim });
}

type Dim = (kind: DimKind, key: string, orders: number, sales: number, fees?: number) => void;

function addSale(
  tallies: ReturnType<typeof makeTallies>,
  order: OrderFacts,
  lines: readonly LineFacts[],
  { at, bucket, hour, dim }: { at: string; bucket: number; hour: HourRow; dim: Dim },
) {
  // What the branch kept: refunds are out of it; discounts already are (decision 061).
  const net = order.total - order.refunded_amount;
  hour.sale_orders += 1;
  hour.sales += net;
  hour.discounts += order.discount;
  hour.refunds += order.refunded_amount;
  if (order.scheduled) {
    hour.scheduled_orders += 1;
    hour.scheduled_sales += net;
  }
  if (order.coupon) {
    hour.coupon_orders += 1;
    hour.coupon_sales += net;
  }
  dim('type', String(order.type_delivery), 1, net);
  dim('payment', order.payment_description, 1, net);
  dim('channel', order.channel, 1, net);
  if (order.type_delivery === 2 && order.neighbourhood)
    dim('neighbourhood', order.neighbourhood, 1, net, order.delivery_fee);
  const measured = promiseMeasure(order);
  if (measured !== null && order.promised_at !== null) {
    const bucketName = latenessBucket(measured - order.promised_at);
    hour.promise_measured += 1;
    if (bucketName === 'a_tiempo') hour.promise_kept += 1;
    dim('lateness', bucketName, 1, 0);
  }
  const base = { branch_id: order.branch_id, bucket };
  Object.assign(tallies.customers.at(`${at}|${order.user_id}`), base, { user_id: order.user_id });
  for (const line of lines) {
    const product = tallies.products.at(`${at}|${line.product_id}`);
    Object.assign(product, base, { product_id: line.product_id });
    product.quantity += line.quantity;
    product.sales += line.total;
    for (const option of line.options) {
      const title = keyText(option.title);
      const row = tallies.options.at(`${at}|${title}`);
      Object.assign(row, base, { title });
      row.times += line.quantity;
    }
  }
}

function makeTallies() {
  return {
    hours: new Tally<HourRow>(() => emptyHour(0, 0)),
    dims: new Tally<DimRow>(() => ({
      branch_id: 0,
      bucket: 0,
      kind: 'type',
      key: '',
      orders: 0,
      sales: 0,
      fees: 0,
    })),
    products: new Tally<ProductRow>(() => ({
      branch_id: 0,
      bucket: 0,
      product_id: 0,
      quantity: 0,
      sales: 0,
    })),
    options: new Tally<OptionRow>(() => ({ branch_id: 0, bucket: 0, title: '', times: 0 })),
    customers: new Tally<CustomerRow>(() => ({ branch_id: 0, bucket: 0, user_id: 0 })),
  };
}

/** The rollup rows of these orders (each with its lines), summed per (branch, hour) and key. */
export function rollUp(orders: readonly OrderFacts[], lines: readonly LineFacts[]): Rollup {
  const byOrder = new Map<number, LineFacts[]>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id);
    if (list) list.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  const tallies = makeTallies();
  for (const order of orders) addOrder(tallies, order, byOrder.get(order.id) ?? []);
  return {
    hours: [...tallies.hours.rows.values()],
    dims: [...tallies.dims.rows.values()],
    products: [...tallies.products.rows.values()],
    options: [...tallies.options.rows.values()],
    customers: [...tallies.customers.rows.values()],
  };
}

/** A customer's first sale and whether the next came within 30 days of it. */
export function firstSale(saleTimes: number[]): { first: number; returned: boolean } | null {
  if (saleTimes.length === 0) return null;
  const [first, second] = [...saleTimes].sort((a, b) => a - b) as [number, number | undefined];
  return { first, returned: second !== undefined && second - first <= 30 * 24 * 60 * MINUTE };
}

import {
  ORDER_CHANNEL_TEXT,
  ORDER_CHANNELS,
  TYPE_DELIVERY_TEXT,
  type ChannelsReport,
  type OrderChannel,
  type ProductsReport,
} from '@comanda/shared';
import { headOf, type Periods } from './period';
import { dimensionSums, hourTotals, neverSold, productSums, topOptions } from './report-repository';
import type { InsightsStore } from './types';

const TOP = 20;

/** What sells (most units first), what barely does, what never did, and the options chosen. */
export async function productsReport(
  store: InsightsStore,
  periods: Periods,
): Promise<ProductsReport> {
  const { current } = periods;
  const [sold, never, options] = await Promise.all([
    productSums(store, current),
    neverSold(store, current),
    topOptions(store, current, TOP),
  ]);
  const byTitle = (a: { title: string; product_id: number }, b: typeof a) =>
    a.title.localeCompare(b.title, 'es') || a.product_id - b.product_id;
  const best = [...sold].sort(
    (a, b) => b.quantity - a.quantity || b.sales - a.sales || byTitle(a, b),
  );
  const worst = [...sold].sort(
    (a, b) => a.quantity - b.quantity || a.sales - b.sales || byTitle(a, b),
  );
  return {
    ...headOf(periods),
    best: best.slice(0, TOP),
    worst: worst.filter((row) => row.quantity > 0).slice(0, TOP),
    never_sold: never,
    options,
  };
}

const typeLabel = (type: number) =>
  TYPE_DELIVERY_TEXT[type as keyof typeof TYPE_DELIVERY_TEXT] ?? `Tipo ${type}`;

const largestFirst = <T extends { sales: number; orders: number }>(a: T, b: T) =>
  b.sales - a.sales || b.orders - a.orders;

/** How sales come: pickup or delivery, payment, neighbourhood, scheduled or as soon as possible. */
export async function channelsReport(
  store: InsightsStore,
  periods: Periods,
): Promise<ChannelsReport> {
  const { current } = periods;
  const [dims, totals] = await Promise.all([
    dimensionSums(store, current, ['type', 'payment', 'channel', 'neighbourhood']),
    hourTotals(store, current),
  ]);
  const of = (kind: string) => dims.filter((row) => row.kind === kind);
  return {
    ...headOf(periods),
    by_type: of('type')
      .map((row) => ({
        type_delivery: Number(row.key),
        label: typeLabel(Number(row.key)),
        orders: row.orders,
        sales: row.sales,
      }))
      .sort((a, b) => largestFirst(a, b) || a.type_delivery - b.type_delivery),
    by_channel: byChannel(of('channel'), totals),
    by_payment: of('payment')
      .map((row) => ({ payment: row.key, orders: row.orders, sales: row.sales }))
      .sort((a, b) => largestFirst(a, b) || a.payment.localeCompare(b.payment, 'es')),
    by_neighbourhood: of('neighbourhood')
      .map((row) => ({
        neighbourhood: row.key,
        orders: row.orders,
        sales: row.sales,
        delivery_fees: row.fees,
      }))
      .sort((a, b) => largestFirst(a, b) || a.neighbourhood.localeCompare(b.neighbourhood, 'es')),
    scheduled: { orders: totals.scheduled_orders, sales: totals.scheduled_sales },
    asap: {
      orders: totals.sale_orders - totals.scheduled_orders,
      sales: totals.sales - totals.scheduled_sales,
    },
  };
}

/**
 * Sales by channel (decision 087). Hours rolled up before the channel was kept have no channel
 * rows; every order then came from the storefront, so what the channel rows do not account for
 * is the web's. Every channel is listed, with zeros, so the split reads the same every period.
 */
function byChannel(
  rows: readonly { key: string; orders: number; sales: number }[],
  totals: { sale_orders: number; sales: number },
): ChannelsReport['by_channel'] {
  const sum = (channel: OrderChannel, field: 'orders' | 'sales') =>
    rows.filter((row) => row.key === channel).reduce((total, row) => total + row[field], 0);
  const staff = (field: 'orders' | 'sales') => sum('telefono', field) + sum('mostrador', field);
  return ORDER_CHANNELS.map((channel) => ({
    channel,
    label: ORDER_CHANNEL_TEXT[channel],
    orders: channel === 'web' ? totals.sale_orders - staff('orders') : sum(channel, 'orders'),
    sales: channel === 'web' ? totals.sales - staff('sales') : sum(channel, 'sales'),
  }));
}

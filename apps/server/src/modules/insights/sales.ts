import type { HeatmapReport, SalesReport } from '@comanda/shared';
import { chainHourOf } from './chain-hours';
import { averageTicket } from './figures';
import { daysOf, headOf, type Periods, type Window } from './period';
import { hourSeries, hourTotals } from './report-repository';
import type { InsightsStore } from './types';

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/** The window's sales per point: per hour of the day (one day) or per day. */
async function pointsOf(store: InsightsStore, window: Window, byHour: boolean) {
  const keys = byHour ? HOURS : daysOf(window);
  const points = new Map(keys.map((key) => [key, { orders: 0, sales: 0 }]));
  for (const row of await hourSeries(store, window)) {
    const at = chainHourOf(row.bucket);
    const point = points.get(byHour ? HOURS[at.hour]! : at.day);
    if (!point) continue;
    point.orders += row.sale_orders;
    point.sales += row.sales;
  }
  return keys.map((key) => ({ key, ...points.get(key)! }));
}

async function totalsOf(store: InsightsStore, window: Window) {
  const totals = await hourTotals(store, window);
  return {
    orders: totals.sale_orders,
    sales: totals.sales,
    average_ticket: averageTicket(totals.sales, totals.sale_orders),
    discounts: totals.discounts,
    refunds: totals.refunds,
  };
}

/**
 * Sales and orders over time: by hour for one day, by day otherwise; the previous period's
 * figures beside each point, at the same position (its first day beside this one's first).
 */
export async function salesReport(store: InsightsStore, periods: Periods): Promise<SalesReport> {
  const byHour = periods.days === 1;
  const { current, previous } = periods;
  const [points, before, totals, previousTotals] = await Promise.all([
    pointsOf(store, current, byHour),
    previous ? pointsOf(store, previous, byHour) : null,
    totalsOf(store, current),
    previous ? totalsOf(store, previous) : null,
  ]);
  return {
    ...headOf(periods),
    granularity: byHour ? 'hour' : 'day',
    points: points.map((point, index) => ({
      ...point,
      previous_orders: before ? (before[index]?.orders ?? 0) : null,
      previous_sales: before ? (before[index]?.sales ?? 0) : null,
    })),
    totals,
    previous_totals: previousTotals,
  };
}

/** Sales by weekday and hour of the chain's clock: all 7 × 24 cells. */
export async function heatmapReport(
  store: InsightsStore,
  periods: Periods,
): Promise<HeatmapReport> {
  const cells = new Map<string, { orders: number; sales: number }>();
  for (const row of await hourSeries(store, periods.current)) {
    const { weekday, hour } = chainHourOf(row.bucket);
    const cell = cells.get(`${weekday}|${hour}`) ?? { orders: 0, sales: 0 };
    cell.orders += row.sale_orders;
    cell.sales += row.sales;
    cells.set(`${weekday}|${hour}`, cell);
  }
  return {
    ...headOf(periods),
    cells: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
      Array.from({ length: 24 }, (_, hour) => ({
        weekday,
        hour,
        ...(cells.get(`${weekday}|${hour}`) ?? { orders: 0, sales: 0 }),
      })),
    ),
  };
}

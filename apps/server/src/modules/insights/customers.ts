import type { CustomersReport } from '@comanda/shared';
import { percent } from './figures';
import { headOf, type Periods } from './period';
import { couponsIssued, customerCount, hourTotals, newCustomers } from './report-repository';
import type { InsightsStore } from './types';

/**
 * Who buys: customers with a sale in the period; new ones, whose first sale ever (in the chain,
 * or at the branch reported) is in it, and how many of those bought again within 30 days of it;
 * discount codes issued in the period and the sales that used one.
 */
export async function customersReport(
  store: InsightsStore,
  periods: Periods,
): Promise<CustomersReport> {
  const { current } = periods;
  const [customers, fresh, issued, totals] = await Promise.all([
    customerCount(store, current),
    newCustomers(store, current),
    couponsIssued(store, current),
    hourTotals(store, current),
  ]);
  return {
    ...headOf(periods),
    customers,
    new_customers: fresh.customers,
    returning_customers: customers - fresh.customers,
    repeat_30d: {
      customers: fresh.customers,
      returned: fresh.returned,
      pct: percent(fresh.returned, fresh.customers),
    },
    coupons: {
      issued,
      redeemed: totals.coupon_orders,
      redeemed_sales: totals.coupon_sales,
      discounts: totals.discounts,
    },
  };
}

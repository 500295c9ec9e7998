import { endpoints, type AdminCoupon } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/coupons → `{ results }`: every branch with its coupon (or null). */
export async function getCoupons(signal?: AbortSignal): Promise<AdminCoupon[]> {
  return (await panelCall(endpoints.getAdminCoupons, { signal })).results;
}

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: adminKey('coupons'), queryFn: ({ signal }) => getCoupons(signal) });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}

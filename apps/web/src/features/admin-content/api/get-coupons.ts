import type { AdminCoupon } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';

/** GET /api/admin/coupons → `{ results }`: every branch with its coupon (or null). */
export async function getCoupons(signal?: AbortSignal): Promise<AdminCoupon[]> {
  return (await panelApi.get<{ results: AdminCoupon[] }>('/api/admin/coupons', { signal })).results;
}

export const couponsQueryOptions = () => queryOptions({ queryKey: adminKey('coupons'), queryFn: ({ signal }) => getCoupons(signal) });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}

import { endpoints, type Coupon } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/coupon-branch/{id} → `{ main_image, confirmation_image, title, description }` (product.md «Wire contract»). */
export function getCoupon(branchId: number, signal?: AbortSignal): Promise<Coupon> {
  return call(endpoints.getCoupon, { params: { id: branchId }, signal });
}

export const couponQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: ['coupon', branchId],
    queryFn: ({ signal }) => getCoupon(branchId, signal),
    staleTime: 5 * 60_000,
  });

export function useCoupon(branchId: number) {
  return useQuery(couponQueryOptions(branchId));
}

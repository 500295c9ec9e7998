import type { AdminCoupon, CouponBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/coupons/{branchId} → `{ results }`: the branch's coupon, created or edited. */
export async function saveCoupon({ branchId, ...body }: CouponBody & { branchId: number }): Promise<AdminCoupon> {
  return (await panelApi.put<{ results: AdminCoupon }>(`/api/admin/coupons/${branchId}`, body)).results;
}

export const useSaveCoupon = () => useContentMutation('coupons', saveCoupon);

import { endpoints, type AdminCoupon, type CouponBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/coupons/{branchId} → `{ results }`: the branch's coupon, created or edited. */
export async function saveCoupon({
  branchId,
  ...body
}: CouponBody & { branchId: number }): Promise<AdminCoupon> {
  return (await panelCall(endpoints.saveCoupon, { params: { id: branchId }, body })).results;
}

export const useSaveCoupon = () => useContentMutation('coupons', saveCoupon);

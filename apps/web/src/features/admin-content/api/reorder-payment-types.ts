import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/payment-types/order {ids}: the whole list in its new order. */
export async function reorderPaymentTypes(ids: number[]): Promise<void> {
  await panelApi.put('/api/admin/payment-types/order', { ids });
}

export const useReorderPaymentTypes = () => useContentMutation('payment-types', reorderPaymentTypes);

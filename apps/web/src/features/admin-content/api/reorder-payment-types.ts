import { endpoints } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/payment-types/order {ids}: the whole list in its new order. */
export async function reorderPaymentTypes(ids: number[]): Promise<void> {
  await panelCall(endpoints.reorderPaymentTypes, { body: { ids } });
}

export const useReorderPaymentTypes = () =>
  useContentMutation('payment-types', reorderPaymentTypes);

import type { AdminPaymentType, PaymentTypeBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/payment-types/{id} → `{ results }`: renamed, disabled or enabled. */
export async function updatePaymentType({ id, ...body }: PaymentTypeBody & { id: number }): Promise<AdminPaymentType> {
  return (await panelApi.put<{ results: AdminPaymentType }>(`/api/admin/payment-types/${id}`, body)).results;
}

export const useUpdatePaymentType = () => useContentMutation('payment-types', updatePaymentType);

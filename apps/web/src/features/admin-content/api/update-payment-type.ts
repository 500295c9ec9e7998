import { endpoints, type AdminPaymentType, type PaymentTypeBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/payment-types/{id} → `{ results }`: renamed, disabled or enabled. */
export async function updatePaymentType({
  id,
  ...body
}: PaymentTypeBody & { id: number }): Promise<AdminPaymentType> {
  return (await panelCall(endpoints.updatePaymentType, { params: { id }, body })).results;
}

export const useUpdatePaymentType = () => useContentMutation('payment-types', updatePaymentType);

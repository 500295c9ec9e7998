import type { AdminPaymentType, PaymentTypeBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** POST /api/admin/payment-types → `{ results }`: a new method, last in checkout's list. */
export async function createPaymentType(body: PaymentTypeBody): Promise<AdminPaymentType> {
  return (await panelApi.post<{ results: AdminPaymentType }>('/api/admin/payment-types', body)).results;
}

export const useCreatePaymentType = () => useContentMutation('payment-types', createPaymentType);

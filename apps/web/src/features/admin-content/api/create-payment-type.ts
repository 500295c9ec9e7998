import { endpoints, type AdminPaymentType, type PaymentTypeBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** POST /api/admin/payment-types → `{ results }`: a new method, last in checkout's list. */
export async function createPaymentType(body: PaymentTypeBody): Promise<AdminPaymentType> {
  return (await panelCall(endpoints.createPaymentType, { body })).results;
}

export const useCreatePaymentType = () => useContentMutation('payment-types', createPaymentType);

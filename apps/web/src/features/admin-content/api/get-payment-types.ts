import { endpoints, type AdminPaymentType } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/payment-types → `{ results }`: every payment method, disabled ones too. */
export async function getPaymentTypes(signal?: AbortSignal): Promise<AdminPaymentType[]> {
  return (await panelCall(endpoints.getAdminPaymentTypes, { signal })).results;
}

export const paymentTypesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('payment-types'),
    queryFn: ({ signal }) => getPaymentTypes(signal),
  });

export function usePaymentTypes() {
  return useQuery(paymentTypesQueryOptions());
}

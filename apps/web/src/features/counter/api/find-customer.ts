import { endpoints, type CounterCustomer } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

/** GET /api/staff/branches/{id}/customers?phone= → the customer with that phone, or none. */
export async function findCustomer(
  branchId: number,
  phone: string,
): Promise<CounterCustomer | null> {
  const body = await panelCall(endpoints.findCounterCustomers, {
    params: { id: branchId },
    query: { phone },
  });
  return body.results[0] ?? null;
}

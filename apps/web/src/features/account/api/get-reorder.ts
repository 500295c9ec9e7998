import { endpoints, type Reorder } from '@comanda/shared';
import { call } from '@/lib/api-client';

/**
 * GET /api/orders/{id}/reorder?branch_id=… → `{results: Reorder}`: what "Volver a pedir" keeps of
 * an order at the branch chosen now — its type, and for a delivery its saved address when it still
 * exists and the branch still reaches it — or why not. Read once per tap: never cached.
 */
export async function getReorder(orderId: number, branchId: number): Promise<Reorder> {
  const body = await call(endpoints.getReorder, {
    params: { id: orderId },
    query: { branch_id: branchId },
  });
  return body.results;
}

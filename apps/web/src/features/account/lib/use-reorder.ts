import type { Branch, PastOrder } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchProductsIfSold } from '@/entities/product/api/get-product';
import { randomId } from '@/lib/random-id';
import { useSession } from '@/stores/session-store';
import { rebuildOrder, type ReorderResult } from './reorder';

export interface ReorderOutcome extends ReorderResult {
  branchTitle: string;
}

/**
 * "Volver a pedir": reads each product of the order at the current branch (one request per
 * distinct product), rebuilds the lines that can still be sold as ordered, and adds them.
 */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reorder'],
    mutationFn: async ({ order, branch }: { order: PastOrder; branch: Pick<Branch, 'id' | 'title'> }): Promise<ReorderOutcome> => {
      const slugs = [...new Set(order.detail.map((line) => line.slug))];
      // Re-ordering must use today's prices and stock, never a copy from minutes ago.
      const products = await fetchProductsIfSold(queryClient, slugs, branch.id, { staleTime: 0 });
      const result = rebuildOrder(order.detail, products, () => randomId());
      // product.md «States and transitions»: adding puts an item at the front. Added last-first, the order keeps its own order.
      const { addToCart } = useSession.getState();
      for (const item of [...result.items].reverse()) addToCart(item);
      return { ...result, branchTitle: branch.title };
    },
  });
}

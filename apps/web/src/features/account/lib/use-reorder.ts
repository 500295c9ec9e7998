import type { Branch, PastOrder } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/stores/session-store';
import { reorderProductQueryOptions } from '../api/get-reorder-product';
import { newCartId } from './cart-id';
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
      const products = await Promise.all(
        slugs.map((slug) => queryClient.fetchQuery(reorderProductQueryOptions(slug, branch.id))),
      );
      const result = rebuildOrder(order.detail, new Map(slugs.map((slug, index) => [slug, products[index] ?? null])), newCartId);
      // Spec §4: adding puts an item at the front. Added last-first, the order keeps its own order.
      const { addToCart } = useSession.getState();
      for (const item of [...result.items].reverse()) addToCart(item);
      return { ...result, branchTitle: branch.title };
    },
  });
}

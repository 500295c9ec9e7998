import type { Branch, PastOrder } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchProductsIfSold } from '@/entities/product/api/get-product';
import { randomId } from '@/lib/random-id';
import { useSession } from '@/stores/session-store';
import { addressesQueryOptions } from '../api/get-addresses';
import { getReorder } from '../api/get-reorder';
import { keptType, rebuildOrder, type KeptType, type ReorderResult } from './reorder';

export interface ReorderOutcome extends ReorderResult {
  branchTitle: string;
  /** The order's type kept, with its address or the reason it could not be. */
  kept: KeptType;
}

/**
 * "Volver a pedir": reads each product of the order at the current branch (one request per
 * distinct product), rebuilds the lines that can still be sold as ordered, and adds them. The
 * order's type is kept (a delivery stays a delivery, to the same address when the server says the
 * branch still reaches it), so checkout opens as the customer ordered last time.
 */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reorder'],
    mutationFn: async ({
      order,
      branch,
      replace = false,
    }: {
      order: PastOrder;
      branch: Pick<Branch, 'id' | 'title'>;
      /** Empty the cart first (the customer chose "Reemplazar" over adding to what it holds). */
      replace?: boolean;
    }): Promise<ReorderOutcome> => {
      const slugs = [...new Set(order.detail.map((line) => line.slug))];
      // Re-ordering must use today's prices and stock, never a copy from minutes ago.
      const [products, answer, addresses] = await Promise.all([
        fetchProductsIfSold(queryClient, slugs, branch.id, { staleTime: 0 }),
        // Without the server's word the order's own type still holds; only the address is asked for.
        getReorder(order.id, branch.id).catch(() => null),
        order.type_delivery === 2
          ? queryClient.fetchQuery({ ...addressesQueryOptions(), staleTime: 0 }).catch(() => [])
          : [],
      ]);
      const result = rebuildOrder(order.detail, products, () => randomId());
      const kept = keptType(order, answer, addresses);
      const session = useSession.getState();
      if (kept.kind === 'delivery') session.chooseDeliveryTo(kept.deliveryTo);
      else if (kept.kind === 'delivery-ask') {
        session.chooseOrderType(2);
        session.forgetDeliveryTo();
      } else session.chooseOrderType(1);
      // product.md «States and transitions»: adding puts an item at the front. Added last-first, the order keeps its own order.
      const { addToCart, clearCart } = useSession.getState();
      if (replace) clearCart();
      for (const item of [...result.items].reverse()) addToCart(item);
      return { ...result, branchTitle: branch.title, kept };
    },
  });
}

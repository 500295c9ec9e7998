import type { OnlinePayment, PlacedOrder } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session-store';

/**
 * What a placed order does to the session and the cache, and where the customer goes next:
 * /confirmacion, or the provider's checkout for an order paid online (`leavingToPay`).
 */
export function usePlacedOrderExit() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Placed and paid online: on the way to the provider's checkout.
  const [leavingToPay, setLeavingToPay] = useState<string | null>(null);

  const onPlaced = (order: PlacedOrder, online: OnlinePayment | undefined) => {
    // product.md «States and transitions»: status true → the cart is emptied and the customer goes to /confirmacion.
    queryClient.setQueryData(queryKeys.order(order.id), order);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cartHistory.all });
    if (online) {
      // Paid online: to the provider's checkout, which sends the customer back to the order's page.
      setLeavingToPay(online.redirect_url);
      window.location.assign(online.redirect_url);
    } else void navigate(`${paths.confirmation.getHref()}?pedido=${order.id}`, { replace: true });
    useSession.getState().clearCart();
    useSession.getState().chooseScheduled(null);
  };

  return { leavingToPay, onPlaced };
}

import { SOCKET_EVENTS } from '@comanda/shared';
import type { QueryClient } from '@tanstack/react-query';
import { applyBranchStatus, isBranchStatusChange } from '@/features/branches/lib/live-branch-status';
import { recheckCart } from '@/features/cart/lib/live-recheck';
import { applyAvailability, isAvailabilityChange } from '@/features/catalog/lib/live-availability';
import { onSocketConnect, onSocketEvent, startRealtime } from '@/lib/socket';
import { useSession } from '@/stores/session-store';

let started = false;

/** What the public events change, read again after a reconnection: events sent meanwhile are lost. */
const LIVE_KEYS = [['branches'], ['category'], ['product']] as const;

/**
 * The storefront's real time, loaded by the layout after its first render (so the first load
 * carries none of it). One socket: anonymous while logged out — it hears `availability` and
 * `branch-status` — and with the customer's token once logged in (product.md «States and transitions» "App start"), which
 * also brings `order-status` for their orders. Events are hints applied to the cached answers;
 * a reconnection reads those answers again, since events missed meanwhile are not replayed.
 */
export function startStorefrontRealtime(queryClient: QueryClient): void {
  if (started) return;
  started = true;

  onSocketEvent(SOCKET_EVENTS.availability, (payload) => {
    if (!isAvailabilityChange(payload)) return;
    applyAvailability(queryClient, payload);
    recheckCart(queryClient, payload.branch_id);
  });
  onSocketEvent(SOCKET_EVENTS.branchStatus, (payload) => {
    if (isBranchStatusChange(payload)) applyBranchStatus(queryClient, payload);
  });
  let connectedBefore = false;
  onSocketConnect(() => {
    if (connectedBefore) {
      for (const queryKey of LIVE_KEYS) void queryClient.invalidateQueries({ queryKey });
      recheckCart(queryClient);
    }
    connectedBefore = true;
  });

  startRealtime({
    getState: () => useSession.getState(),
    subscribe: (listener) => useSession.subscribe(listener),
    // The server refused the token (revoked, expired): the customer is logged out. Nobody asked
    // to lose the cart or the chosen branch, so those stay: whoever logs in again mid-checkout
    // finds the order as they left it.
    expire: () => useSession.setState({ access_token: null, user: null, loggedIn: false }),
  });
}

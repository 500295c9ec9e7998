import { SOCKET_EVENTS } from '@comanda/shared';
import type { QueryClient } from '@tanstack/react-query';
import { applyBranchStatus, isBranchStatusChange, refreshBranches } from '@/features/branches/lib/live-branch-status';
import { recheckCart } from '@/features/cart/lib/live-recheck';
import { applyAvailability, isAvailabilityChange, refreshCatalog } from '@/features/catalog/lib/live-availability';
import { onSocketConnect, onSocketEvent, startRealtime } from '@/lib/socket';
import { useSession } from '@/stores/session-store';

let started = false;

/**
 * The storefront's real time, loaded by the layout after its first render (so the first load
 * carries none of it). One socket: anonymous while logged out — it hears `availability` and
 * `branch-status` — and with the customer's token once logged in (spec §4 "App start"), which
 * also brings `order-status` for their orders. Events are hints applied to the cached answers;
 * a reconnection reads those answers again, since events missed meanwhile are not replayed.
 */
export function startStorefrontRealtime(queryClient: QueryClient): void {
  if (started) return;
  started = true;

  onSocketEvent(SOCKET_EVENTS.availability, (payload) => {
    if (!isAvailabilityChange(payload)) return;
    applyAvailability(queryClient, payload);
    void recheckCart(queryClient, payload.branch_id);
  });
  onSocketEvent(SOCKET_EVENTS.branchStatus, (payload) => {
    if (isBranchStatusChange(payload)) applyBranchStatus(queryClient, payload);
  });
  let connectedBefore = false;
  onSocketConnect(() => {
    // What the public events change, read again: events sent while the socket was down are lost.
    if (connectedBefore) {
      refreshBranches(queryClient);
      refreshCatalog(queryClient);
      void recheckCart(queryClient);
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

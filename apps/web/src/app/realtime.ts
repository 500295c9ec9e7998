import { SOCKET_EVENTS } from '@comanda/shared';
import type { QueryClient } from '@tanstack/react-query';
import {
  applyBranchStatus,
  isBranchStatusChange,
} from '@/features/branches/lib/live-branch-status';
import { recheckCart } from '@/features/cart/lib/live-recheck';
import { applyEta } from '@/features/order-tracking/lib/live-eta';
import { COVERAGE_KEY } from '@/entities/delivery/api/get-coverage';
import { bannersQueryOptions } from '@/features/catalog/api/get-banners';
import { categoriesQueryOptions } from '@/features/catalog/api/get-categories';
import {
  applyAvailability,
  applyOptionAvailability,
  isAvailabilityChange,
  isOptionAvailabilityChange,
} from '@/features/catalog/lib/live-availability';
import { onSocketConnect, onSocketEvent, startRealtime } from '@/lib/socket';
import { useSession } from '@/stores/session-store';

let started = false;

/** What the public events change, read again after a reconnection: events sent meanwhile are lost. */
const LIVE_KEYS = [['branches'], ['category'], ['product'], COVERAGE_KEY] as const;

/** What a back-office change of the menu, prices or content may have changed: all of it. */
const catalogKeys = () => [
  ...LIVE_KEYS,
  categoriesQueryOptions().queryKey,
  bannersQueryOptions().queryKey,
];

/**
 * The storefront's real time, loaded by the layout once the page has loaded and something on
 * screen is live (decision 096), so the first load carries none of it. One socket: anonymous
 * while logged out — it hears `availability` and `branch-status` — and with the customer's token
 * once logged in (product.md «States and transitions» "App start"), which also brings
 * `order-status` for their orders (the ready ping, on any screen); `catalog-changed` (a
 * back-office edit) reads the catalogue again. Events are hints applied to the cached answers; a
 * reconnection reads those answers again, since events missed meanwhile are not replayed, and so
 * does the first connection of a `late` socket, one started after the page showed answers.
 */
export function startStorefrontRealtime(
  queryClient: QueryClient,
  { late }: { late: boolean },
): void {
  if (started) return;
  started = true;
  onSocketEvent(SOCKET_EVENTS.availability, (payload) => {
    if (!isAvailabilityChange(payload)) return;
    applyAvailability(queryClient, payload);
    recheckCart(queryClient, payload.branch_id);
  });
  // An option sold out or back ("sin aguacate hoy"): its product page is read again, and the
  // cart re-checked, since a line that chose it can no longer be placed.
  onSocketEvent(SOCKET_EVENTS.optionAvailability, (payload) => {
    if (!isOptionAvailabilityChange(payload)) return;
    applyOptionAvailability(queryClient, payload);
    recheckCart(queryClient, payload.branch_id);
  });
  // The menu or its prices changed: the catalogue is read again, and the cart re-checked with
  // its usual notice (a new price, a product no longer sold).
  onSocketEvent(SOCKET_EVENTS.catalogChanged, () => {
    for (const queryKey of catalogKeys()) void queryClient.invalidateQueries({ queryKey });
    recheckCart(queryClient);
  });
  // A branch changed (paused, or its hours, exceptions or zones edited in the back office): the
  // pause applies at once from the event, and the branch list is read again for the rest.
  onSocketEvent(SOCKET_EVENTS.branchStatus, (payload) => {
    if (!isBranchStatusChange(payload)) return;
    applyBranchStatus(queryClient, payload);
    void queryClient.invalidateQueries({ queryKey: LIVE_KEYS[0] });
    // Rush minutes, a pause or new zones change delivery fees and estimates: read them again.
    void queryClient.invalidateQueries({ queryKey: COVERAGE_KEY });
  });
  // The customer's order is ready or on its way: a sound, a buzz and a notification, from any
  // storefront screen. This is the tab's one listener that pings: the order page only updates.
  // Its code (the words of every status, the tones) comes with the first event: a visitor
  // without an order never downloads or runs it while the page settles.
  onSocketEvent(SOCKET_EVENTS.orderStatus, (payload) => {
    void import('@/features/order-tracking/lib/ping-customer').then(({ pingCustomer }) =>
      pingCustomer(payload),
    );
  });
  // The courier's position moved the arrival of one of the customer's orders (decision 068).
  onSocketEvent(SOCKET_EVENTS.eta, (payload) => applyEta(queryClient, payload));
  readAgainOnReconnect(queryClient, late);

  startRealtime({
    getState: () => useSession.getState(),
    subscribe: (listener) => useSession.subscribe(listener),
    // The server refused the token (revoked, expired): the customer is logged out. Nobody asked
    // to lose the cart or the chosen branch, so those stay: whoever logs in again mid-checkout
    // finds the order as they left it.
    expire: () => useSession.setState({ access_token: null, user: null, loggedIn: false }),
  });
}

/**
 * After a reconnection, the live answers and the cart are read again; after the first connection
 * too when the socket started `late`, after the page had shown answers without one (decision 096).
 */
function readAgainOnReconnect(queryClient: QueryClient, late: boolean): void {
  let connectedBefore = late;
  onSocketConnect(() => {
    if (connectedBefore) {
      for (const queryKey of LIVE_KEYS) void queryClient.invalidateQueries({ queryKey });
      recheckCart(queryClient);
    }
    connectedBefore = true;
  });
}

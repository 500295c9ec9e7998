import type { Realtime } from '@/lib/socket';
import { usePanelSession } from '@/stores/panel-session';

/**
 * The console's own connection, with the panel's token (the storefront's follows the customer's
 * session): the board's and the courier's phone's. Staff sockets join their branches' rooms on
 * the server, an admin's hears every branch, a courier's hears their own trips.
 * lib/socket is imported on use, as the storefront does: a static import would change how the
 * bundler splits socket.io-client, and the storefront's first load with it.
 */
let panelConnection: Promise<Realtime> | null = null;
export function panelRealtime(): Promise<Realtime> {
  panelConnection ??= import('@/lib/socket').then(({ createRealtime }) => {
    const realtime = createRealtime({ anonymous: false });
    realtime.start({
      getState: () => usePanelSession.getState(),
      subscribe: (listener) => usePanelSession.subscribe(listener),
      expire: () => usePanelSession.getState().logout(),
    });
    return realtime;
  });
  return panelConnection;
}

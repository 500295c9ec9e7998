import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSession } from '@/stores/session-store';
import { setAuthTokenSource } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

// Spec §7: every request carries the stored access_token. Read at call time, so a login or a
// logout applies to the very next request.
setAuthTokenSource(() => useSession.getState().access_token);

// Spec §4 "App start": the socket opens when there is a token. socket.io-client is fetched only
// then, so a logged-out first visit does not pay for it; once started, lib/socket follows the
// session store itself (closes on logout, reopens on the next login). Kept this small on purpose:
// it is part of every first load.
const wakeRealtime = () => {
  if (useSession.getState().access_token) void import('@/lib/socket').then((socket) => socket.startRealtime(useSession), () => {});
};
wakeRealtime();
useSession.subscribe(wakeRealtime);

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

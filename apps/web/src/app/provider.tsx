import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  deviceSession,
  SessionProvider,
  useSession,
  type SessionStore,
} from '@/stores/session-store';
import { setAuthTokenSource } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

// product.md «Wire contract»: every request carries the stored access_token. Read at call time, so a login or a
// logout applies to the very next request.
setAuthTokenSource(() => useSession.getState().access_token);

/**
 * `client`: one already holding the answers the server rendered with (main.tsx, entry-server.tsx).
 * `session`: the session store the app renders with: the server's own per page (entry-server.tsx),
 * else the tab's (decision 066).
 */
export function AppProvider({
  children,
  client,
  session,
}: {
  children: ReactNode;
  client?: QueryClient;
  session?: SessionStore;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={session ?? deviceSession()}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}

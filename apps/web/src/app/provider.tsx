import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSession } from '@/stores/session-store';
import { setAuthTokenSource } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

// product.md «Wire contract»: every request carries the stored access_token. Read at call time, so a login or a
// logout applies to the very next request.
setAuthTokenSource(() => useSession.getState().access_token);

/** `client`: one already holding the answers the server rendered with (main.tsx, entry-server.tsx). */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

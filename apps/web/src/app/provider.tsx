import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSession } from '@/stores/session-store';
import { setAuthTokenSource } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

// product.md «Wire contract»: every request carries the stored access_token. Read at call time, so a login or a
// logout applies to the very next request.
setAuthTokenSource(() => useSession.getState().access_token);

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

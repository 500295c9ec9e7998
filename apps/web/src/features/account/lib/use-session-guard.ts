import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { endSession } from './end-session';

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/**
 * product.md «Error catalogue»: a 401 logs the user out. The token was revoked (logout elsewhere), expired or forged:
 * keeping it would only fail again. The route then sends the visitor where logged-out people go.
 */
export function useEndSessionOnUnauthorized(error: unknown): boolean {
  const queryClient = useQueryClient();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (unauthorized) endSession(queryClient);
  }, [unauthorized, queryClient]);
  return unauthorized;
}

import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { addressesQueryOptions } from '../api/get-addresses';

/**
 * Data that belongs to whoever is logged in. Dropped when the account changes (login, logout,
 * a revoked token) so nobody ever sees the previous customer's favourites, addresses or orders.
 */
const ACCOUNT_KEYS = [
  queryKeys.favorites.all,
  addressesQueryOptions().queryKey,
  queryKeys.cartHistory.all,
  ['sessions'],
];

export function forgetAccountData(queryClient: QueryClient): void {
  for (const queryKey of ACCOUNT_KEYS) queryClient.removeQueries({ queryKey });
  // A product carries `favorite` for the caller: the heart must not keep the previous answer.
  void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
}

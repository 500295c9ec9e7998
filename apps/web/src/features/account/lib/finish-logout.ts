import type { QueryClient } from '@tanstack/react-query';
import { logout as revokeToken } from '../api/logout';
import { forgetAccountData } from './account-queries';

/**
 * The rest of a logout, after the drawer has emptied the session and the stored address
 * (product.md «States and transitions») at once; loaded only then, to keep it out of the first load: drop the account's
 * cached data and revoke the token on the server (best effort: a customer offline is still
 * logged out on this device).
 */
export async function finishLogout(queryClient: QueryClient, token: string | null): Promise<void> {
  forgetAccountData(queryClient);
  if (!token) return;
  // The store no longer holds the token: it is passed explicitly.
  await revokeToken(token).catch(() => undefined);
}

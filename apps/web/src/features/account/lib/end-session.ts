import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '@/stores/session-store';
import { forgetAccountData } from './account-queries';
import { ADDRESS_STORAGE_KEY } from './storage-keys';

/**
 * product.md «States and transitions»: "Logout removes the stored token, storage and address". Also drops the account's
 * cached data, so the next person on this device sees nothing of the previous one.
 */
export function endSession(queryClient: QueryClient): void {
  useSession.getState().logout();
  try {
    localStorage.removeItem(ADDRESS_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota): the in-memory session is already gone.
  }
  forgetAccountData(queryClient);
}

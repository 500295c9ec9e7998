import { endpoints } from '@comanda/shared';
import { call } from '@/lib/api-client';

/**
 * POST /api/logout (Bearer) → `{ status: true }`: the server revokes the token. The token is
 * passed in because logging out empties the session store before (or while) this runs.
 */
export function logout(token: string) {
  return call(endpoints.logout, { headers: { Authorization: `Bearer ${token}` } });
}

import { endpoints } from '@comanda/shared';
import { call } from '@/lib/api-client';

/** POST /api/logout (Bearer) → `{ status: true }`: the server revokes the console's token. */
export function logout(token: string) {
  return call(endpoints.logout, { headers: { Authorization: `Bearer ${token}` } });
}

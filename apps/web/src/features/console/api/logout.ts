import { api } from '@/lib/api-client';

/** POST /api/logout (Bearer) → `{ status: true }`: the server revokes the console's token. */
export function logout(token: string): Promise<{ status: boolean }> {
  return api.post<{ status: boolean }>('/api/logout', undefined, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

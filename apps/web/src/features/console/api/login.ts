import { endpoints, type AuthResponse, type LoginBody } from '@comanda/shared';
import { call } from '@/lib/api-client';

/** POST /api/login {email_login, password_login} → `{ access_token, user }`: the storefront's own login. */
export function login(body: LoginBody): Promise<AuthResponse> {
  // No token: the customer's, if any, has nothing to do with this login.
  return call(endpoints.login, { body, headers: { Authorization: 'Bearer ' } });
}

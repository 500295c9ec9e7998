import {
  endpoints,
  type AuthResponse,
  type LoginBody,
  type SecondFactorLoginBody,
  type StaffLoginResponse,
} from '@comanda/shared';
import { call } from '@/lib/api-client';

// No token on either step: the customer's, if any, has nothing to do with this login.
const noToken = { Authorization: 'Bearer ' };

/**
 * POST /api/login/staff {email_login, password_login}: the session, or, for an account with the
 * second factor, `{ mfa_required, mfa_token }` for the code step (decision 044).
 */
export function login(body: LoginBody): Promise<StaffLoginResponse> {
  return call(endpoints.loginStaff, { body, headers: noToken });
}

/** POST /api/login/totp {mfa_token, code} → `{ access_token, user }`. */
export function loginWithCode(body: SecondFactorLoginBody): Promise<AuthResponse> {
  return call(endpoints.loginSecondFactor, { body, headers: noToken });
}

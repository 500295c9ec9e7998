import { endpoints, type AuthResponse, type LoginBody } from '@comanda/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/login {email_login, password_login} → `{ access_token, user }` (product.md «Wire contract»). */
export function login(body: LoginBody): Promise<AuthResponse> {
  return call(endpoints.login, { body });
}

export const loginMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'login'], mutationFn: login });

export function useLogin() {
  return useMutation(loginMutationOptions());
}

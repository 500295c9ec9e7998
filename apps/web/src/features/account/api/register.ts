import { endpoints, type AuthResponse, type RegisterBody } from '@comanda/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/register {name, email, phone, password, password_confirmation} → `{ access_token, user }`. */
export function register(body: RegisterBody): Promise<AuthResponse> {
  return call(endpoints.register, { body });
}

export const registerMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'register'], mutationFn: register });

export function useRegister() {
  return useMutation(registerMutationOptions());
}

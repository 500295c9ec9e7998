import { endpoints, type ForgotPasswordBody } from '@comanda/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/password/forgot {email} → `{ status: true }`, account or not. */
export function forgotPassword(body: ForgotPasswordBody) {
  return call(endpoints.forgotPassword, { body });
}

export const forgotPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'forgot-password'], mutationFn: forgotPassword });

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}

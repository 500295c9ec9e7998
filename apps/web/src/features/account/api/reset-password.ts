import { endpoints, type ResetPasswordBody } from '@comanda/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/password/reset {token, password, password_confirmation} → `{ status: true }`. */
export function resetPassword(body: ResetPasswordBody) {
  return call(endpoints.resetPassword, { body });
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'reset-password'], mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}

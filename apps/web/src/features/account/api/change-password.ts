import { endpoints, type ChangePasswordBody } from '@comanda/shared';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/**
 * PUT /api/account/password {current_password, password, password_confirmation} →
 * `{ status: true }`: the other sessions end and the account's email hears of it.
 */
export function changePassword(body: ChangePasswordBody) {
  return call(endpoints.changePassword, { body });
}

export const changePasswordMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['account', 'change-password'],
    mutationFn: changePassword,
    // The list of open sessions shrank to this one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation(changePasswordMutationOptions(queryClient));
}

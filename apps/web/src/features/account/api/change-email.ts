import { endpoints, type ChangeEmailBody } from '@comanda/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

/** PUT /api/account/email {email, current_password} → `{ user }`: the old address hears of it. */
export function changeEmail(body: ChangeEmailBody) {
  return call(endpoints.changeEmail, { body });
}

export const changeEmailMutationOptions = () =>
  mutationOptions({
    mutationKey: ['account', 'change-email'],
    mutationFn: changeEmail,
    // The stored session names the account by its email (header, checkout): keep it true.
    onSuccess: ({ user }) => {
      const { access_token: token, login } = useSession.getState();
      if (token) login(token, user);
    },
  });

export function useChangeEmail() {
  return useMutation(changeEmailMutationOptions());
}

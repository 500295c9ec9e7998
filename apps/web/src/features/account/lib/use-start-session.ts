import type { AuthResponse } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { forgetAccountData } from './account-queries';

/**
 * What a login or a new account does with the server's answer: drops whatever the previous
 * customer left in the cache, stores the session, then goes to / — or, given `onSuccess` (the
 * checkout), stays where it is.
 */
export function useStartSession(onSuccess: (() => void) | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return ({ access_token, user }: AuthResponse) => {
    forgetAccountData(queryClient);
    useSession.getState().login(access_token, user);
    if (onSuccess) onSuccess();
    else void navigate(paths.landing.getHref());
  };
}

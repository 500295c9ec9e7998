import { endpoints, type EndSessionsResponse } from '@comanda/shared';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/sessions/others → `{ status: true, ended }`: every session but this device's ends. */
export function endOtherSessions(): Promise<EndSessionsResponse> {
  return call(endpoints.endOtherSessions);
}

export const endOtherSessionsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['sessions', 'end-others'],
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation(endOtherSessionsMutationOptions(queryClient));
}

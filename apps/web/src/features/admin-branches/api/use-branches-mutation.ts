import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { adminKey } from '@/lib/panel-api';

/** What the editor read, sent back with each save: the server refuses (409) a save over a newer one. */
export type Versioned = { id: number; version: number };

/**
 * A write to branches: on success every list of them is read again; on a 409 (someone saved
 * the branch since it was read) too, so the screens show its current copy next to the message.
 */
export function useBranchesMutation<Body, Answer>(write: (body: Body) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey('branches') }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: adminKey('branches') });
    },
  });
}

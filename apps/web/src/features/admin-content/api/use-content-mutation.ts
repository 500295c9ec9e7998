import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { adminKey } from '@/lib/panel-api';

/**
 * A write of the Contenido section: on success every list of `resource` is read again (the
 * server answered with the new state, but positions and flags of the others may have moved).
 * A 409 (someone saved the item since it was read; nothing was saved) reads them again too, so
 * the screen shows the current copy next to the server's message.
 */
export function useContentMutation<Body, Answer>(
  resource: string,
  send: (body: Body) => Promise<Answer>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey(resource) }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: adminKey(resource) });
    },
  });
}

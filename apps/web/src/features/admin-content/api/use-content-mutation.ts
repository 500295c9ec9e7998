import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey } from '@/lib/panel-api';

/**
 * A write of the Contenido section: on success every list of `resource` is read again (the
 * server answered with the new state, but positions and flags of the others may have moved).
 */
export function useContentMutation<Body, Answer>(resource: string, send: (body: Body) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey(resource) }),
  });
}

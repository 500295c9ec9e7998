import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey } from '@/lib/panel-api';

/** A write to branches: on success, every list of them is read again. */
export function useBranchesMutation<Body, Answer>(write: (body: Body) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey('branches') }),
  });
}

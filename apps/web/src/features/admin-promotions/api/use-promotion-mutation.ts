import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey } from '@/lib/panel-api';

/**
 * A write of Promociones: settled either way (saved, or a 409 that saved nothing), the list is
 * read again, so the screen shows the rules as they are, another admin's save included.
 */
export function usePromotionMutation<Body, Answer>(send: (body: Body) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: adminKey('promotions') }),
  });
}

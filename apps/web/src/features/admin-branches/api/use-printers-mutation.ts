import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { adminKey } from '@/lib/panel-api';

/**
 * A write to a branch's printers: on success the list is read again; on a 409 (another admin
 * saved the printer since it was read) too, so the form shows its current copy.
 */
export function usePrintersMutation<Body, Answer>(
  branchId: number,
  write: (body: Body) => Promise<Answer>,
) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: adminKey('printers', branchId) });
  return useMutation({
    mutationFn: write,
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
}

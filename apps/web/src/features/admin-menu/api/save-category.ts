import type { AdminCategory, AdminCategoryBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';

/** POST /api/admin/categories (new) or PUT /api/admin/categories/{id} (edit; the slug stays). */
export async function saveCategory(id: number | null, body: AdminCategoryBody): Promise<AdminCategory> {
  const answer =
    id === null
      ? await panelApi.post<{ results: AdminCategory }>('/api/admin/categories', body)
      : await panelApi.put<{ results: AdminCategory }>(`/api/admin/categories/${id}`, body);
  return answer.results;
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminCategoryBody }) => saveCategory(id, body),
    // A 409 (saved by someone else since read) reads the list again too: the screen shows the current copy.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('categories') }),
  });
}

import { endpoints, type AdminCategory, type AdminCategoryBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** POST /api/admin/categories (new) or PUT /api/admin/categories/{id} (edit; the slug stays). */
export async function saveCategory(
  id: number | null,
  body: AdminCategoryBody,
): Promise<AdminCategory> {
  const answer =
    id === null
      ? await panelCall(endpoints.createCategory, { body })
      : await panelCall(endpoints.updateCategory, { params: { id }, body });
  return answer.results;
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminCategoryBody }) =>
      saveCategory(id, body),
    // A 409 (saved by someone else since read) reads the list again too: the screen shows the current copy.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('categories') }),
  });
}

import { chainToday, endpoints, type MenuImport } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';
import { saveCsv } from '@/lib/save-csv';

/**
 * GET /api/admin/menu.csv: the file needs the panel's token, so a plain link cannot fetch it; it
 * is read here and handed to the browser as a download.
 */
export async function downloadMenuCsv(): Promise<void> {
  const text = await panelCall(endpoints.getMenuCsv, { headers: { Accept: 'text/csv' } });
  saveCsv(text, `menu-${chainToday()}.csv`);
}

export const useDownloadMenuCsv = () => useMutation({ mutationFn: downloadMenuCsv });

/** POST /api/admin/menu/import/preview: what the edited file would change, changing nothing. */
export async function previewMenuImport(csv: string): Promise<MenuImport> {
  return (await panelCall(endpoints.previewMenuImport, { body: { csv } })).results;
}

/** POST /api/admin/menu/import/apply with the preview's version: all or nothing; 409 when stale. */
export async function applyMenuImport(csv: string, version: string): Promise<MenuImport> {
  return (await panelCall(endpoints.applyMenuImport, { body: { csv, version } })).results;
}

export const usePreviewMenuImport = () => useMutation({ mutationFn: previewMenuImport });

export function useApplyMenuImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, version }: { csv: string; version: string }) =>
      applyMenuImport(csv, version),
    // Every product it touched has new fields and a new version: lists and editors read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey('products') }),
  });
}

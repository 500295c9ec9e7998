import { endpoints, type PriceChange, type PriceChangeBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** POST /api/admin/prices/preview: what the change would write, writing nothing. */
export async function previewPriceChange(body: PriceChangeBody): Promise<PriceChange> {
  return (await panelCall(endpoints.previewPriceChange, { body })).results;
}

/** POST /api/admin/prices/apply with the preview's version; 409 when something changed since. */
export async function applyPriceChange(
  body: PriceChangeBody,
  version: string,
): Promise<PriceChange> {
  return (await panelCall(endpoints.applyPriceChange, { body: { ...body, version } })).results;
}

export const usePreviewPriceChange = () => useMutation({ mutationFn: previewPriceChange });

export function useApplyPriceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: PriceChangeBody; version: string }) =>
      applyPriceChange(body, version),
    // Every product it touched has a new price and version: lists and open editors read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey('products') }),
  });
}

import { endpoints, type BrandSettingsBody } from '@comanda/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

const brandKey = adminKey('brand');

/** GET /api/admin/brand: the chain's name, short name and colour, with their version. */
export const useBrandSettings = () =>
  useQuery({
    queryKey: brandKey,
    queryFn: ({ signal }) => panelCall(endpoints.getBrandSettings, { signal }),
  });

/** PUT /api/admin/brand: the new brand reaches every page loaded after it. */
export function useUpdateBrandSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandSettingsBody) => panelCall(endpoints.updateBrandSettings, { body }),
    onSuccess: (brand) => queryClient.setQueryData(brandKey, brand),
  });
}

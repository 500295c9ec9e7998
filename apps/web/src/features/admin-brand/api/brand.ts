import { endpoints, type BrandSettings, type BrandSettingsBody } from '@comanda/shared';
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

/**
 * PUT /api/admin/brand/logo (multipart) and DELETE it: a new logo, or back to the shipped one.
 * Its icons reach every page loaded after it.
 */
export function useBrandLogo(version: number) {
  const queryClient = useQueryClient();
  const onSuccess = (brand: BrandSettings) => queryClient.setQueryData(brandKey, brand);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return panelCall(endpoints.uploadBrandLogo, { query: { version }, form });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => panelCall(endpoints.removeBrandLogo, { query: { version } }),
    onSuccess,
  });
  return { upload, remove };
}

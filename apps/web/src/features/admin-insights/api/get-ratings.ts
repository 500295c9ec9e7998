import { endpoints, type AdminRatings } from '@comanda/shared';
import { useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/ratings: each branch's average and count, and the latest 100 ratings. */
export const getRatings = (signal?: AbortSignal): Promise<AdminRatings> =>
  panelCall(endpoints.getAdminRatings, { signal });

export const useRatings = () =>
  useQuery({ queryKey: adminKey('ratings'), queryFn: ({ signal }) => getRatings(signal) });

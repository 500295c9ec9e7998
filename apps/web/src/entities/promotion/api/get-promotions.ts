import { endpoints, type Promotion } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * GET /api/promotions?branch= (product.md «Promotions»): the rules in force there now, or at a
 * scheduled order's slot (`at`), for this customer.
 */
export async function getPromotions(
  branchId: number,
  at: string | null,
  signal?: AbortSignal,
): Promise<Promotion[]> {
  const query = at ? { branch: branchId, at } : { branch: branchId };
  const body = await call(endpoints.getPromotions, { query, signal });
  return body.results;
}

/** Every branch's promotions: a refusal for a changed total, or an order placed, asks them again. */
export const PROMOTIONS_KEY = ['promotions'] as const;

export const promotionsQueryOptions = (branchId: number, at: string | null) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, branchId, at],
    queryFn: ({ signal }) => getPromotions(branchId, at, signal),
    // A rule starts and ends on the minute: asked again each minute while a cart is on screen.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

/** The promotions in force at the chosen branch (now, or at `at`); none while no branch is chosen. */
export function usePromotions(branchId: number | null | undefined, at: string | null = null) {
  return useQuery({ ...promotionsQueryOptions(branchId ?? 0, at), enabled: Boolean(branchId) });
}

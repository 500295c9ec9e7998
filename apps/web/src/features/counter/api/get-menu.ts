import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

// The branch's menu as the storefront reads it (the same public endpoints, prices and options at
// that branch), and its payment methods: what staff choose from when taking an order.

const key = (...rest: unknown[]) => [PANEL_KEY, 'counter', ...rest] as const;

export const useCategories = () =>
  useQuery(
    queryOptions({
      queryKey: key('categories'),
      queryFn: async ({ signal }) => (await panelCall(endpoints.getCategories, { signal })).results,
    }),
  );

export const useCategory = (slug: string | null, branchId: number) =>
  useQuery({
    queryKey: key('category', slug, branchId),
    queryFn: async ({ signal }) =>
      (await panelCall(endpoints.getCategory, { params: { slug: slug!, branchId }, signal }))
        .results,
    enabled: slug !== null,
  });

export const fetchProduct = async (slug: string, branchId: number) =>
  (await panelCall(endpoints.getProduct, { params: { slug, branchId } })).results;

export const usePaymentTypes = () =>
  useQuery({
    queryKey: key('payment-types'),
    queryFn: async ({ signal }) => (await panelCall(endpoints.getPaymentTypes, { signal })).results,
  });

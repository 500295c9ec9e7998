import { endpoints, type InsightReport } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

/**
 * Each report's two paths: the chain's (admins: every branch, or one with `?branch=`) and one
 * branch's (its staff). Both answer the same shape from the same query fields.
 */
export const INSIGHT_ENDPOINTS = {
  sales: { chain: endpoints.getChainSalesInsights, branch: endpoints.getBranchSalesInsights },
  heatmap: { chain: endpoints.getChainHeatmapInsights, branch: endpoints.getBranchHeatmapInsights },
  branches: {
    chain: endpoints.getChainBranchesInsights,
    branch: endpoints.getBranchBranchesInsights,
  },
  products: {
    chain: endpoints.getChainProductsInsights,
    branch: endpoints.getBranchProductsInsights,
  },
  channels: {
    chain: endpoints.getChainChannelsInsights,
    branch: endpoints.getBranchChannelsInsights,
  },
  promise: { chain: endpoints.getChainPromiseInsights, branch: endpoints.getBranchPromiseInsights },
  refusals: {
    chain: endpoints.getChainRefusalsInsights,
    branch: endpoints.getBranchRefusalsInsights,
  },
  customers: {
    chain: endpoints.getChainCustomersInsights,
    branch: endpoints.getBranchCustomersInsights,
  },
} as const satisfies Record<InsightReport, { chain: unknown; branch: unknown }>;

/** Whose figures: the chain's (admins; one branch or all) or one branch's (its staff). */
export type InsightsScope =
  { kind: 'chain'; branch: number | null } | { kind: 'branch'; branch: number };

/** The period asked for: its days on the chain's calendar and whether to compare. */
export interface InsightsPeriod {
  from: string;
  to: string;
  compare: boolean;
}

/** The query both paths read; `format=csv` asks for the same report as a file. */
export function insightsQuery(period: InsightsPeriod, format?: 'csv') {
  return {
    from: period.from,
    to: period.to,
    ...(period.compare ? { compare: 'previous' as const } : {}),
    ...(format ? { format } : {}),
  };
}

// Every report's paths read the same query schema (chainInsightsQuery, branchInsightsQuery), so
// the sales entries' typing stands for all of them; each answer is then typed by its report.
type ChainEntry = typeof endpoints.getChainSalesInsights;
type BranchEntry = typeof endpoints.getBranchSalesInsights;

/** GET the report for the scope: the chain's path (with `branch` when one) or the branch's. */
export function callInsights(
  report: InsightReport,
  scope: InsightsScope,
  query: ReturnType<typeof insightsQuery>,
  options: { signal?: AbortSignal | undefined; headers?: Record<string, string> } = {},
): Promise<unknown> {
  if (scope.kind === 'branch') {
    const entry = INSIGHT_ENDPOINTS[report].branch as unknown as BranchEntry;
    return panelCall(entry, { params: { id: scope.branch }, query, ...options });
  }
  const entry = INSIGHT_ENDPOINTS[report].chain as unknown as ChainEntry;
  const withBranch = scope.branch === null ? query : { ...query, branch: scope.branch };
  return panelCall(entry, { query: withBranch, ...options });
}

import type { InsightAnswers, InsightReport } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY } from '@/lib/panel-api';
import {
  callInsights,
  insightsQuery,
  type InsightsPeriod,
  type InsightsScope,
} from './insight-endpoints';

/**
 * GET /api/admin/insights/{report} (admins) or /api/staff/branches/{id}/insights/{report} (one
 * branch's staff) → the report over the period, with the previous one when compared.
 */
export async function getInsights<R extends InsightReport>(
  report: R,
  scope: InsightsScope,
  period: InsightsPeriod,
  signal?: AbortSignal,
): Promise<InsightAnswers[R]> {
  return (await callInsights(report, scope, insightsQuery(period), {
    signal,
  })) as InsightAnswers[R];
}

/** Each report is its own query, keyed by everything it was asked with: the cards load in parallel. */
export const insightsQueryOptions = <R extends InsightReport>(
  report: R,
  scope: InsightsScope,
  period: InsightsPeriod,
) =>
  queryOptions({
    queryKey: [PANEL_KEY, 'insights', report, scope, period] as const,
    queryFn: ({ signal }) => getInsights(report, scope, period, signal),
    // The server brings its figures up to date before it answers: a minute-old copy is fine to
    // show while a new period loads, and coming back to the tab reads again.
    staleTime: 60_000,
  });

/** The report, keeping the last period's on screen while the next one loads (no jumping cards). */
export function useInsights<R extends InsightReport>(
  report: R,
  scope: InsightsScope,
  period: InsightsPeriod | null,
) {
  return useQuery({
    ...insightsQueryOptions(report, scope, period ?? { from: '', to: '', compare: false }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

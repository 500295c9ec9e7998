import type { InsightReport } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { saveCsv } from '@/lib/save-csv';
import {
  callInsights,
  insightsQuery,
  type InsightsPeriod,
  type InsightsScope,
} from './insight-endpoints';

/** The server's name for the file: `informe-<report>-<from>-<to>.csv`. */
export const insightsCsvName = (report: InsightReport, period: InsightsPeriod) =>
  `informe-${report}-${period.from}-${period.to}.csv`;

/**
 * The same report's path with `format=csv`: the same numbers as the card, one file. It needs the
 * panel's token, so it is read here and handed to the browser (lib/save-csv).
 */
export async function downloadInsightsCsv({
  report,
  scope,
  period,
}: {
  report: InsightReport;
  scope: InsightsScope;
  period: InsightsPeriod;
}): Promise<void> {
  const text = await callInsights(report, scope, insightsQuery(period, 'csv'), {
    headers: { Accept: 'text/csv' },
  });
  saveCsv(String(text), insightsCsvName(report, period));
}

export function useDownloadInsightsCsv() {
  return useMutation({ mutationFn: downloadInsightsCsv });
}

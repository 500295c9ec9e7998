import type { BranchInsightsQuery, InsightAnswers, InsightReport } from '@comanda/shared';
import { bind } from '../../lib/bind';
import { nowDate } from '../../lib/clock';
import { branchesReport, promiseReport, refusalsReport } from './branches';
import { catchUp, rebuild, type CatchUpResult } from './catch-up';
import { customersReport } from './customers';
import { channelsReport, productsReport } from './menu';
import { periodsOf, type Periods } from './period';
import { branchExists } from './report-repository';
import { heatmapReport, salesReport } from './sales';
import { serialRunner } from './serial';
import type { InsightsDeps, InsightsStore } from './types';

type Builders = {
  [R in InsightReport]: (store: InsightsStore, periods: Periods) => Promise<InsightAnswers[R]>;
};

const BUILDERS: Builders = {
  sales: salesReport,
  heatmap: heatmapReport,
  branches: branchesReport,
  products: productsReport,
  channels: channelsReport,
  promise: promiseReport,
  refusals: refusalsReport,
  customers: customersReport,
};

type Fresh = { fresh: () => Promise<CatchUpResult> };

/**
 * One report over the query's period, for one branch or every branch (null). The rollups are
 * caught up first, so a report never misses an order committed before it was asked for.
 */
async function report<R extends InsightReport>(
  deps: InsightsDeps & Fresh,
  name: R,
  query: BranchInsightsQuery,
  branchId: number | null,
): Promise<InsightAnswers[R]> {
  const periods = periodsOf(query, branchId, nowDate(deps.clock));
  await deps.fresh();
  return BUILDERS[name](deps, periods);
}

/**
 * Informes (decision 069): the reports, and the rollups they read kept up to date. `caughtUp`
 * runs the catch-up elsewhere (its thread, decisions 095 and 109); by default, here.
 */
export function createInsightsService(
  deps: InsightsDeps,
  caughtUp: () => Promise<CatchUpResult> = () => catchUp(deps),
) {
  // One catch-up (or rebuild) at a time on this node; the lock orders them between nodes.
  const catchUps = serialRunner(caughtUp);
  const withFresh = { ...deps, fresh: catchUps.run };
  return {
    report: <R extends InsightReport>(
      name: R,
      query: BranchInsightsQuery,
      branchId: number | null,
    ) => report(withFresh, name, query, branchId),
    /** Folds what changed into the rollups now (the timer, a script). */
    catchUp: catchUps.run,
    /** Makes every rollup again from the orders (npm run insights:rebuild). */
    rebuild: () => catchUps.exclusive(() => rebuild(deps)),
    /** Resolves when no catch-up or rebuild is running. */
    idle: catchUps.idle,
    branchExists: bind(deps, branchExists),
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;

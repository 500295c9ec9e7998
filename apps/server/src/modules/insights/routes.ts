import {
  contract,
  INSIGHT_REPORTS,
  INSIGHTS_MESSAGES,
  type BranchInsightsQuery,
  type InsightReport,
} from '@comanda/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment, CSV_CONTENT_TYPE } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { route, type RouteApp } from '../../lib/route';
import { csvName, reportCsv } from './csv';

/** Every branch (or one, `?branch=`), for admins. */
const CHAIN = {
  sales: contract.getChainSalesInsights,
  heatmap: contract.getChainHeatmapInsights,
  branches: contract.getChainBranchesInsights,
  products: contract.getChainProductsInsights,
  channels: contract.getChainChannelsInsights,
  promise: contract.getChainPromiseInsights,
  refusals: contract.getChainRefusalsInsights,
  customers: contract.getChainCustomersInsights,
} as const satisfies Record<InsightReport, unknown>;

/** One branch, for its staff (and admins). */
const BRANCH = {
  sales: contract.getBranchSalesInsights,
  heatmap: contract.getBranchHeatmapInsights,
  branches: contract.getBranchBranchesInsights,
  products: contract.getBranchProductsInsights,
  channels: contract.getBranchChannelsInsights,
  promise: contract.getBranchPromiseInsights,
  refusals: contract.getBranchRefusalsInsights,
  customers: contract.getBranchCustomersInsights,
} as const satisfies Record<InsightReport, unknown>;

/** The report as JSON, or with `?format=csv` as a file of the same numbers. */
async function answer(
  app: RouteApp,
  reply: FastifyReply,
  report: InsightReport,
  query: BranchInsightsQuery,
  branchId: number | null,
) {
  const result = await app.insights.report(report, query, branchId);
  if (query.format !== 'csv') return result as never;
  return reply
    .type(CSV_CONTENT_TYPE)
    .header('Content-Disposition', attachment(csvName(report, result)))
    .header('Cache-Control', 'no-store')
    .send(reportCsv(report, result));
}

/** Informes (decision 069): eight reports, chain-wide for admins and per branch for its staff. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const onBranch = {
    branch: async (request: { params: { id: number } }) =>
      (await app.insights.branchExists(request.params.id)) ? request.params.id : null,
    notFound: INSIGHTS_MESSAGES.branchNotFound,
  };
  for (const report of INSIGHT_REPORTS) {
    route(app, CHAIN[report], {}, async (request, reply) => {
      const { branch, ...query } = request.query;
      if (branch !== undefined && !(await app.insights.branchExists(branch)))
        throw notFound(INSIGHTS_MESSAGES.branchNotFound);
      return answer(app, reply, report, query, branch ?? null);
    });
    route(app, BRANCH[report], onBranch, async (request, reply) =>
      answer(app, reply, report, request.query, request.params.id),
    );
  }
};

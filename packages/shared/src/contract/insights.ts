import type { z } from 'zod';
import { branchParams } from '../schemas/console';
import {
  branchInsightsQuery,
  branchesReport,
  chainInsightsQuery,
  channelsReport,
  customersReport,
  heatmapReport,
  liveReport,
  productsReport,
  promiseReport,
  refusalsReport,
  salesReport,
} from '../schemas/insights';
import { adminAccess, branchAccess } from './access';
import { spec, type Endpoint } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Informes'];
const csvNote =
  'Con `?format=csv`, el mismo informe en CSV (text/csv, a salvo de fórmulas). Días en la hora de la cadena; ventas = pedidos aceptados y no cancelados ni rechazados, netos de descuentos y reembolsos.';

/** A report over every branch (or one with `?branch=`), for admins. */
const chainReport = <const E extends Endpoint, const S extends z.ZodType>(
  endpoint: E,
  answer: S,
  summary: string,
) =>
  spec(endpoint, {
    tags,
    access: adminAccess,
    summary,
    description: csvNote,
    alsoProduces: 'text/csv',
    query: chainInsightsQuery,
    responses: { 200: answer, ...guardedRefusals },
  });

/** The same report for one branch, for its staff (403 for a branch they do not work at). */
const branchReport = <const E extends Endpoint, const S extends z.ZodType>(
  endpoint: E,
  answer: S,
  summary: string,
) =>
  spec(endpoint, {
    tags,
    access: branchAccess,
    summary: `${summary} (una sede)`,
    description: csvNote,
    alsoProduces: 'text/csv',
    params: branchParams,
    query: branchInsightsQuery,
    responses: { 200: answer, ...guardedRefusals },
  });

const SUMMARIES = {
  sales:
    'Ventas y pedidos en el tiempo: por hora en un día, por día en un rango; contra el periodo anterior',
  heatmap: 'Pedidos por día de la semana y hora',
  branches: 'Tabla de sedes: ventas, pedidos, ticket promedio, promesa cumplida y rechazos',
  products: 'Productos más y menos vendidos, los que no se vendieron y las opciones más elegidas',
  channels: 'Recoger o domicilio, medio de pago, barrio, programados o lo antes posible',
  promise:
    'Promesa cumplida: pedidos listos (o entregados) a la hora prometida, retrasos, por sede y por hora',
  refusals: 'Rechazos y cancelaciones por motivo y por sede',
  customers: 'Clientes nuevos y recurrentes, recompra a 30 días, cupones emitidos y usados',
} as const;

/** Informes (decision 069). */
export const insightsContract = {
  getChainSalesInsights: chainReport(e.getChainSalesInsights, salesReport, SUMMARIES.sales),
  getChainHeatmapInsights: chainReport(e.getChainHeatmapInsights, heatmapReport, SUMMARIES.heatmap),
  getChainBranchesInsights: chainReport(
    e.getChainBranchesInsights,
    branchesReport,
    SUMMARIES.branches,
  ),
  getChainProductsInsights: chainReport(
    e.getChainProductsInsights,
    productsReport,
    SUMMARIES.products,
  ),
  getChainChannelsInsights: chainReport(
    e.getChainChannelsInsights,
    channelsReport,
    SUMMARIES.channels,
  ),
  getChainPromiseInsights: chainReport(e.getChainPromiseInsights, promiseReport, SUMMARIES.promise),
  getChainRefusalsInsights: chainReport(
    e.getChainRefusalsInsights,
    refusalsReport,
    SUMMARIES.refusals,
  ),
  getChainCustomersInsights: chainReport(
    e.getChainCustomersInsights,
    customersReport,
    SUMMARIES.customers,
  ),
  getChainLiveInsights: spec(e.getChainLiveInsights, {
    tags,
    access: adminAccess,
    summary:
      'Todas las sedes en este momento: abierta, cerrada o en pausa, minutos de demora, pedidos esperando y atrasados, domiciliarios en la calle',
    responses: { 200: liveReport, ...guardedRefusals },
  }),
  getBranchSalesInsights: branchReport(e.getBranchSalesInsights, salesReport, SUMMARIES.sales),
  getBranchHeatmapInsights: branchReport(
    e.getBranchHeatmapInsights,
    heatmapReport,
    SUMMARIES.heatmap,
  ),
  getBranchBranchesInsights: branchReport(
    e.getBranchBranchesInsights,
    branchesReport,
    SUMMARIES.branches,
  ),
  getBranchProductsInsights: branchReport(
    e.getBranchProductsInsights,
    productsReport,
    SUMMARIES.products,
  ),
  getBranchChannelsInsights: branchReport(
    e.getBranchChannelsInsights,
    channelsReport,
    SUMMARIES.channels,
  ),
  getBranchPromiseInsights: branchReport(
    e.getBranchPromiseInsights,
    promiseReport,
    SUMMARIES.promise,
  ),
  getBranchRefusalsInsights: branchReport(
    e.getBranchRefusalsInsights,
    refusalsReport,
    SUMMARIES.refusals,
  ),
  getBranchCustomersInsights: branchReport(
    e.getBranchCustomersInsights,
    customersReport,
    SUMMARIES.customers,
  ),
};

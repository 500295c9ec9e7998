import { z } from 'zod';
import { staffMeResponse } from '../schemas/admin';
import { errorMessageSchema } from '../schemas/common';
import {
  availabilityBody,
  branchConsoleListResponse,
  branchConsoleResponse,
  branchOptionParams,
  branchOptionResponse,
  branchParams,
  branchProductListResponse,
  branchProductParams,
  branchProductResponse,
  branchSummaryResponse,
  dayOrdersQuery,
  dayOrdersResponse,
  pauseBody,
  rushBody,
  settingsBody,
  summaryQuery,
} from '../schemas/console';
import { branchAccess, panelAccess, staffAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Consola de sede'];
const refusals = guardedRefusals;

/** The branch console: staff of the branch, or an admin. */
export const consoleContract = {
  getStaffMe: spec(e.getStaffMe, {
    tags,
    access: panelAccess,
    summary:
      'La cuenta que usa el panel: su rol (personal, administración o domiciliario) y sus sedes (vacío para la administración, que tiene todas)',
    responses: { 200: staffMeResponse, 401: errorMessageSchema, 403: errorMessageSchema },
  }),
  getStaffBranches: spec(e.getStaffBranches, {
    tags,
    access: staffAccess,
    summary:
      'Las sedes en las que el usuario puede trabajar, con su estado (pausa, alta demanda, ajustes)',
    responses: { 200: branchConsoleListResponse, 401: errorMessageSchema, 403: errorMessageSchema },
  }),
  getStaffBranch: spec(e.getStaffBranch, {
    tags,
    access: branchAccess,
    summary: 'El estado de una sede para su consola',
    params: branchParams,
    responses: { 200: branchConsoleResponse, ...refusals },
  }),
  pauseBranch: spec(e.pauseBranch, {
    tags,
    access: branchAccess,
    summary:
      'Pausar pedidos: {minutes: 15} pausa esos minutos (1–1440), {minutes: 0} reanuda, {until_reopened: true} pausa hasta reanudar. Avisa a todas las pantallas (branch-status)',
    params: branchParams,
    body: pauseBody,
    responses: { 200: branchConsoleResponse, ...refusals },
  }),
  setBranchRush: spec(e.setBranchRush, {
    tags,
    access: branchAccess,
    summary: 'Alta demanda: minutos que se suman a cada hora prometida (0 la termina)',
    params: branchParams,
    body: rushBody,
    responses: { 200: branchConsoleResponse, ...refusals },
  }),
  updateBranchSettings: spec(e.updateBranchSettings, {
    tags,
    access: branchAccess,
    summary:
      'Ajustes de la sede: imprimir al aceptar (auto_print) y el tiempo de preparación habitual (prep_minutes)',
    params: branchParams,
    body: settingsBody,
    responses: { 200: branchConsoleResponse, ...refusals },
  }),
  getStaffBranchProducts: spec(e.getStaffBranchProducts, {
    tags,
    access: branchAccess,
    summary:
      'Los productos del menú con su estado en la sede (agotado, no se vende), para los interruptores de Agotado',
    params: branchParams,
    responses: { 200: branchProductListResponse, ...refusals },
  }),
  setProductAvailability: spec(e.setProductAvailability, {
    tags,
    access: branchAccess,
    summary:
      'Agotado en la sede, o de nuevo disponible; las tiendas abiertas lo ven al instante (availability)',
    params: branchProductParams,
    body: availabilityBody,
    responses: { 200: branchProductResponse, ...refusals },
  }),
  setOptionAvailability: spec(e.setOptionAvailability, {
    tags,
    access: branchAccess,
    summary:
      'Una opción de un producto agotada en la sede («sin aguacate hoy»), o de nuevo disponible; las tiendas abiertas lo ven al instante (option-availability)',
    params: branchOptionParams,
    body: availabilityBody,
    responses: { 200: branchOptionResponse, ...refusals },
  }),
  getBranchSummary: spec(e.getBranchSummary, {
    tags,
    access: branchAccess,
    summary:
      'El resumen de un día de la sede (hora de Bogotá; por defecto hoy): ventas (pedidos aceptados o más adelante, sin cancelados) por medio de pago y por tipo; recibidos sin responder, rechazos con sus motivos y cancelados aparte; tiempo medio hasta aceptado y hasta listo',
    params: branchParams,
    query: summaryQuery,
    responses: { 200: branchSummaryResponse, ...refusals },
  }),
  getBranchDayOrders: spec(e.getBranchDayOrders, {
    tags,
    access: branchAccess,
    summary:
      'Los pedidos de un día de la sede (hora de Bogotá; por defecto hoy), del más reciente, con búsqueda q por número, nombre o celular: una fila por pedido, lo que muestra Día (hasta 500)',
    params: branchParams,
    query: dayOrdersQuery,
    responses: { 200: dayOrdersResponse, ...refusals },
  }),
  getBranchDayCsv: spec(e.getBranchDayCsv, {
    tags,
    access: branchAccess,
    summary:
      'El mismo día en CSV (para Excel): un pedido por fila, con su estado y si cuenta como venta; a salvo de fórmulas',
    produces: 'text/csv',
    params: branchParams,
    query: summaryQuery,
    responses: { 200: z.string(), ...refusals },
  }),
};

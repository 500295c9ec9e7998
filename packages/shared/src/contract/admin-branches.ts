import { adminIdParams, reorderBody } from '../schemas/admin';
import {
  adminBranchBody,
  adminBranchListResponse,
  adminBranchQuery,
  adminBranchResponse,
  branchExceptionsBody,
  branchHoursBody,
  branchVisibilityBody,
  branchZonesBody,
} from '../schemas/admin-branches';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Administración'];
const refusals = guardedRefusals;

/** The chain's branches with hours, exceptions and delivery zones: admins only. */
export const adminBranchesContract = {
  getAdminBranches: spec(e.getAdminBranches, {
    tags,
    access: adminAccess,
    summary:
      'Todas las sedes (también las ocultas) con horario, excepciones y zonas; `q` busca por nombre, dirección o ciudad',
    query: adminBranchQuery,
    responses: { 200: adminBranchListResponse, ...refusals },
  }),
  getAdminBranch: spec(e.getAdminBranch, {
    tags,
    access: adminAccess,
    summary: 'Una sede con su horario, excepciones y zonas',
    params: adminIdParams,
    responses: { 200: adminBranchResponse, ...refusals },
  }),
  createBranch: spec(e.createBranch, {
    tags,
    access: adminAccess,
    summary: 'Crea una sede (queda al final de la lista, sin horario ni zonas)',
    body: adminBranchBody,
    responses: { 201: adminBranchResponse, ...refusals },
  }),
  reorderBranches: spec(e.reorderBranches, {
    tags,
    access: adminAccess,
    summary: 'Reordena las sedes: la lista completa de ids en el nuevo orden',
    body: reorderBody,
    responses: { 200: adminBranchListResponse, ...refusals },
  }),
  updateBranch: spec(e.updateBranch, {
    tags,
    access: adminAccess,
    summary:
      'Edita los datos de una sede: nombre, dirección, teléfono, ciudad, recogida/domicilio y minutos de preparación',
    params: adminIdParams,
    body: adminBranchBody,
    responses: { 200: adminBranchResponse, ...refusals },
  }),
  setBranchVisibility: spec(e.setBranchVisibility, {
    tags,
    access: adminAccess,
    summary: 'Oculta o muestra una sede en la tienda (sus pedidos la siguen mostrando)',
    params: adminIdParams,
    body: branchVisibilityBody,
    responses: { 200: adminBranchResponse, ...refusals },
  }),
  saveBranchHours: spec(e.saveBranchHours, {
    tags,
    access: adminAccess,
    summary:
      'Reemplaza el horario semanal: varios horarios por día, y horarios que pasan la medianoche (18:00–02:00)',
    params: adminIdParams,
    body: branchHoursBody,
    responses: { 200: adminBranchResponse, ...refusals },
  }),
  saveBranchExceptions: spec(e.saveBranchExceptions, {
    tags,
    access: adminAccess,
    summary:
      'Reemplaza las excepciones por fecha: día cerrado (festivo) u horario especial ese día',
    params: adminIdParams,
    body: branchExceptionsBody,
    responses: { 200: adminBranchResponse, ...refusals },
  }),
  saveBranchZones: spec(e.saveBranchZones, {
    tags,
    access: adminAccess,
    summary:
      'Reemplaza las zonas de domicilio: barrio o zona, costo del domicilio y pedido mínimo (pesos)',
    params: adminIdParams,
    body: branchZonesBody,
    responses: { 200: adminBranchResponse, ...refusals },
  }),
};

import { adminIdParams, conflictSchema } from '../schemas/admin';
import { adminBranchResponse } from '../schemas/admin-branches';
import { idParams } from '../schemas/catalog';
import { orderResponse } from '../schemas/checkout';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { autoAcceptBody, autoAcceptResponse } from '../schemas/auto-accept';
import { branchCapacityBody, slotsQuery, slotsResponse } from '../schemas/scheduling';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

/**
 * Order ahead (product.md «Order ahead»): the slots, the customer's cancel, the capacity; and
 * what a branch accepts by itself (product.md «Auto-accept»).
 */
export const schedulingContract = {
  getBranchSlots: spec(e.getBranchSlots, {
    tags: ['Catálogo'],
    access: 'public',
    summary:
      'Las franjas de 15 minutos de un día (date=AAAA-MM-DD, hora de Bogotá) de una sede, con `available` falso si está llena, no alcanza a prepararse o está fuera del horario; y si hoy acepta pedidos lo antes posible, con su estimado',
    params: idParams,
    query: slotsQuery,
    responses: { 200: slotsResponse, 400: fieldErrorsSchema, 404: errorMessageSchema },
  }),
  cancelOrder: spec(e.cancelOrder, {
    tags: ['Pedidos'],
    access: 'user',
    summary:
      'El cliente cancela su pedido programado antes de que empiece a prepararse; 409 con el motivo después',
    params: idParams,
    responses: {
      200: orderResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
      409: errorMessageSchema,
    },
  }),
  setBranchCapacity: spec(e.setBranchCapacity, {
    tags: ['Administración'],
    access: adminAccess,
    summary:
      'Los pedidos programados (y, si se quiere, las unidades) que la sede toma por franja de 15 minutos; null = sin límite',
    params: adminIdParams,
    body: branchCapacityBody,
    responses: { 200: adminBranchResponse, ...guardedRefusals, 409: conflictSchema },
  }),
  getAutoAccept: spec(e.getAutoAccept, {
    tags: ['Administración'],
    access: adminAccess,
    summary: 'Lo que la sede acepta sola: qué pedidos y con qué condiciones',
    params: adminIdParams,
    responses: { 200: autoAcceptResponse, ...guardedRefusals },
  }),
  setAutoAccept: spec(e.setAutoAccept, {
    tags: ['Administración'],
    access: adminAccess,
    summary:
      'Cambia lo que la sede acepta sola (lo antes posible, programados; solo pagados en línea, hasta un total, en unas franjas de la semana); los demás pedidos suenan en el tablero',
    params: adminIdParams,
    body: autoAcceptBody,
    responses: { 200: autoAcceptResponse, ...guardedRefusals, 409: conflictSchema },
  }),
};

import { z } from 'zod';
import { idParams } from '../schemas/catalog';
import { orderListResponse, orderResponse } from '../schemas/checkout';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { staffOrdersQuery, statusChangeBody } from '../schemas/console';
import { reorderQuery, reorderResponse } from '../schemas/delivery';
import {
  courtesyBody,
  courtesyReservationListResponse,
  discountBody,
  discountSignupListResponse,
  marketingAnswerSchema,
} from '../schemas/marketing';
import { cartHistoryQuery, cartHistoryResponse } from '../schemas/orders';
import { suggestedPrepMinutesQuery, suggestedPrepMinutesResponse } from '../schemas/prep-minutes';
import { branchAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Pedidos'];
const staffErrors = guardedRefusals;

export const ordersContract = {
  getCartHistory: spec(e.getCartHistory, {
    tags,
    access: 'user',
    summary:
      'Los pedidos del usuario, del más reciente al más antiguo, paginados; `before` (el `next` de la página anterior) sigue desde ese pedido',
    query: cartHistoryQuery,
    responses: { 200: cartHistoryResponse, 400: fieldErrorsSchema, 401: errorMessageSchema },
  }),
  getOrder: spec(e.getOrder, {
    tags,
    access: 'user',
    summary:
      'Un pedido con su estado e historial, para su dueño, el personal de su sede o un administrador; para cualquier otro, 404 (no revela si existe)',
    params: idParams,
    responses: {
      200: orderResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
    },
  }),
  getReorder: spec(e.getReorder, {
    tags,
    access: 'user',
    summary:
      '"Volver a pedir": el tipo del pedido y, a domicilio, su dirección guardada si aún existe y la sede (branch_id, o la del pedido) aún llega a ese barrio; si no, el motivo en `problem`. Solo para su dueño',
    params: idParams,
    query: reorderQuery,
    responses: {
      200: reorderResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
    },
  }),
  changeOrderStatus: spec(e.changeOrderStatus, {
    tags: ['Personal'],
    access: branchAccess,
    summary:
      'Cambia el estado de un pedido (personal de su sede o un administrador; 403 para otra sede); avisa al cliente en tiempo real',
    params: idParams,
    body: statusChangeBody,
    responses: { 200: orderResponse, ...staffErrors },
  }),
  getStaffOrders: spec(e.getStaffOrders, {
    tags: ['Personal'],
    access: branchAccess,
    summary:
      'El tablero de una sede: sus pedidos abiertos (recibido a en camino, y los programados), del más antiguo al más reciente (scope=open, el único); los de un día están en /api/staff/branches/{id}/orders',
    query: staffOrdersQuery,
    responses: { 200: orderListResponse, ...staffErrors },
  }),
  getSuggestedPrepMinutes: spec(e.getSuggestedPrepMinutes, {
    tags: ['Personal'],
    access: branchAccess,
    summary:
      'Los minutos que Aceptar ofrece primero para uno o varios pedidos nuevos aceptados juntos (orders=1,2,3): la cola de la sede sin ellos, por estación cuando hay datos',
    params: idParams,
    query: suggestedPrepMinutesQuery,
    responses: { 200: suggestedPrepMinutesResponse, ...staffErrors },
  }),
};

/**
 * product.md «Wire contract»: these forms answer `{status, error, errors}` on success AND on a
 * refusal (the route validates the body itself, see marketing/routes.ts).
 */
const formResponses = {
  200: marketingAnswerSchema,
  // A body that is not JSON at all never reaches the handler: the error handler answers `{message}`.
  400: z.union([marketingAnswerSchema, errorMessageSchema]),
  429: errorMessageSchema,
};

export const marketingContract = {
  createDiscount: spec(e.createDiscount, {
    tags: ['Marketing'],
    access: 'public',
    summary: 'Inscripción al cupón de descuento de una sede',
    body: discountBody,
    responses: formResponses,
  }),
  validateCourtesy: spec(e.validateCourtesy, {
    tags: ['Marketing'],
    access: 'public',
    summary: 'Reserva de una cortesía en una sede para un día',
    body: courtesyBody,
    responses: formResponses,
  }),
  getBranchDiscountSignups: spec(e.getBranchDiscountSignups, {
    tags: ['Personal'],
    access: branchAccess,
    summary: 'Inscripciones al cupón de una sede (las 500 más recientes)',
    params: idParams,
    responses: { 200: discountSignupListResponse, ...staffErrors },
  }),
  getBranchCourtesyReservations: spec(e.getBranchCourtesyReservations, {
    tags: ['Personal'],
    access: branchAccess,
    summary: 'Cortesías reservadas en una sede (las 500 más recientes por día)',
    params: idParams,
    responses: { 200: courtesyReservationListResponse, ...staffErrors },
  }),
};

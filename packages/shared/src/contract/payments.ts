import { z } from 'zod';
import { idParams } from '../schemas/catalog';
import { orderResponse } from '../schemas/checkout';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import {
  adminPaymentListResponse,
  adminPaymentsQuery,
  paymentCheckBody,
  paymentEventAnswer,
  paymentEventBody,
  paymentMethodBody,
  payAgainResponse,
  providerParams,
  refundBody,
} from '../schemas/payments';
import { adminAccess, branchAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Pagos'];
/** A customer's call about their own order: 404 for anyone else's, 409 when it no longer applies. */
const customerRefusals = {
  400: fieldErrorsSchema,
  401: errorMessageSchema,
  404: errorMessageSchema,
  409: errorMessageSchema,
};
const adminRefusals = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema };

/** Online payment (decision 061, product.md «Online payment»). */
export const paymentsContract = {
  payOrderAgain: spec(e.payOrderAgain, {
    tags,
    access: 'user',
    summary:
      'Un pedido que espera su pago (o cuyo pago fue rechazado): un intento nuevo en la pasarela; responde adónde ir a pagar. Solo su dueño; 409 si ya no espera pago',
    params: idParams,
    responses: { 200: payAgainResponse, ...customerRefusals, 503: errorMessageSchema },
  }),
  checkOrderPayment: spec(e.checkOrderPayment, {
    tags,
    access: 'user',
    summary:
      'El cliente volvió de la pasarela: se pregunta a la pasarela por ese pago (nunca se le cree al navegador) y se aplica lo que diga; responde el pedido',
    params: idParams,
    body: paymentCheckBody,
    responses: { 200: orderResponse, ...customerRefusals, 503: errorMessageSchema },
  }),
  changeOrderPaymentMethod: spec(e.changeOrderPaymentMethod, {
    tags,
    access: 'user',
    summary:
      'Pagar al recibir: un pedido que espera su pago pasa a un medio que se paga al recibir (con `pay_with` en efectivo) y llega a la sede. Solo su dueño; 409 si ya no espera pago',
    params: idParams,
    body: paymentMethodBody,
    responses: { 200: orderResponse, ...customerRefusals },
  }),
  receivePaymentEvent: spec(e.receivePaymentEvent, {
    tags,
    access: 'public',
    summary:
      'Webhook de la pasarela: cada evento se verifica con su firma, se guarda con lo que causó y se aplica una sola vez. 401 con una firma inválida (no cambia nada)',
    params: providerParams,
    body: paymentEventBody,
    responses: {
      200: paymentEventAnswer,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
    },
  }),
  refundOrder: spec(e.refundOrder, {
    tags: ['Personal'],
    access: branchAccess,
    summary:
      'Reembolsa parte de un pedido pagado en línea (o todo lo que queda, sin `amount`), con un motivo; la pasarela lo hace y se reintenta hasta confirmarlo. 409 si no queda nada por reembolsar',
    params: idParams,
    body: refundBody,
    responses: { 200: orderResponse, ...guardedRefusals, 409: errorMessageSchema },
  }),
  getAdminPayments: spec(e.getAdminPayments, {
    tags: ['Administración'],
    access: adminAccess,
    summary:
      'Los pagos en línea de la cadena con sus reembolsos: por días, sede y estado, del más reciente al más antiguo (los 500 más recientes)',
    query: adminPaymentsQuery,
    responses: { 200: adminPaymentListResponse, ...adminRefusals },
  }),
  getAdminPaymentsCsv: spec(e.getAdminPaymentsCsv, {
    tags: ['Administración'],
    access: adminAccess,
    summary:
      'Conciliación en CSV: un movimiento por fila (cobro o reembolso) con las referencias de la pasarela; a salvo de fórmulas',
    produces: 'text/csv',
    query: adminPaymentsQuery,
    responses: { 200: z.string(), ...adminRefusals },
  }),
};

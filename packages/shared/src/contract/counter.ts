import { errorMessageSchema } from '../schemas/common';
import { branchParams } from '../schemas/console';
import {
  counterCustomerListResponse,
  counterCustomerQuery,
  staffOrderBody,
  staffOrderResponse,
} from '../schemas/counter-orders';
import { branchAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Consola de sede'];

/** Orders staff take by phone or at the counter (decision 087): staff of the branch, or an admin. */
export const counterContract = {
  findCounterCustomers: spec(e.findCounterCustomers, {
    tags,
    access: branchAccess,
    summary:
      'El cliente con ese teléfono (ninguno o uno), con sus direcciones guardadas, para tomarle un pedido',
    params: branchParams,
    query: counterCustomerQuery,
    responses: { 200: counterCustomerListResponse, ...guardedRefusals },
  }),
  placeStaffOrder: spec(e.placeStaffOrder, {
    tags,
    access: branchAccess,
    summary:
      'Toma un pedido por teléfono o en el mostrador para un cliente (por id, o creado con nombre y teléfono): el mismo camino que confirm-cart, una sola vez por client_order_id (repetirlo responde el mismo pedido); 201 con el pedido, 400 con los motivos, 503 si no se pudo guardar',
    params: branchParams,
    body: staffOrderBody,
    responses: {
      201: staffOrderResponse,
      ...guardedRefusals,
      503: errorMessageSchema,
    },
  }),
};

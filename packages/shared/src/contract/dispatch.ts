import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { branchParams } from '../schemas/console';
import {
  courierListResponse,
  createTripBody,
  currentTripResponse,
  failBody,
  positionBody,
  positionResponse,
  shiftBody,
  shiftCloseBody,
  shiftListResponse,
  shiftResponse,
  shiftsQuery,
  tripParams,
  tripResponse,
  updateTripBody,
} from '../schemas/dispatch';
import { branchAccess, courierAccess, courierBranchAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const refusals = guardedRefusals;
const conflict = { 409: errorMessageSchema };
const counter = ['Reparto: mostrador'];
const phone = ['Reparto: domiciliario'];

/** Dispatch at the counter (staff of the branch, or an admin) and the courier's phone (decision 068). */
export const dispatchContract = {
  getBranchCouriers: spec(e.getBranchCouriers, {
    tags: counter,
    access: branchAccess,
    summary:
      'Los domiciliarios de la sede: en turno o no, su estado (disponible, asignado, en ruta) y su viaje abierto',
    params: branchParams,
    responses: { 200: courierListResponse, ...refusals },
  }),
  createTrip: spec(e.createTrip, {
    tags: counter,
    access: branchAccess,
    summary:
      'Asignar domiciliario: uno o varios pedidos a domicilio de la sede, en el orden de entrega, a un domiciliario en turno. Su teléfono suena (trip)',
    body: createTripBody,
    responses: { 201: tripResponse, ...refusals, 409: errorMessageSchema },
  }),
  updateTrip: spec(e.updateTrip, {
    tags: counter,
    access: branchAccess,
    summary: 'Reasignar o reordenar un viaje antes de que el domiciliario salga',
    params: tripParams,
    body: updateTripBody,
    responses: { 200: tripResponse, ...refusals, ...conflict },
  }),
  getBranchShifts: spec(e.getBranchShifts, {
    tags: counter,
    access: branchAccess,
    summary:
      'Los turnos de domiciliarios de un día (hoy por defecto): entregados, fallidos, efectivo esperado y entregado, domicilios',
    params: branchParams,
    query: shiftsQuery,
    responses: { 200: shiftListResponse, ...refusals },
  }),
  closeShift: spec(e.closeShift, {
    tags: counter,
    access: branchAccess,
    summary:
      'Cerrar el turno de un domiciliario con el efectivo que entregó; la diferencia queda anotada',
    params: tripParams,
    body: shiftCloseBody,
    responses: { 200: shiftResponse, ...refusals, ...conflict },
  }),
  getCurrentTrip: spec(e.getCurrentTrip, {
    tags: phone,
    access: courierAccess,
    summary: 'El turno y el viaje abierto del domiciliario (null si no tiene)',
    responses: { 200: currentTripResponse, 401: errorMessageSchema, 403: errorMessageSchema },
  }),
  departTrip: spec(e.departTrip, {
    tags: phone,
    access: courierBranchAccess,
    summary: 'Salí: los pedidos del viaje pasan a En camino',
    params: tripParams,
    responses: { 200: tripResponse, ...refusals, ...conflict },
  }),
  markDelivered: spec(e.markDelivered, {
    tags: phone,
    access: courierBranchAccess,
    summary: 'Entregado: un pedido del viaje del domiciliario',
    params: tripParams,
    responses: { 200: tripResponse, ...refusals, ...conflict },
  }),
  markFailed: spec(e.markFailed, {
    tags: phone,
    access: courierBranchAccess,
    summary:
      'No se pudo entregar: el pedido vuelve al tablero de la sede como Listo, con el motivo',
    params: tripParams,
    body: failBody,
    responses: { 200: tripResponse, ...refusals, ...conflict },
  }),
  sendPosition: spec(e.sendPosition, {
    tags: phone,
    access: courierAccess,
    summary:
      'La ubicación del teléfono mientras corre un viaje (cada 15–30 s); se guarda solo entonces y mueve la hora de llegada',
    body: positionBody,
    responses: {
      200: positionResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      403: errorMessageSchema,
    },
  }),
  setShift: spec(e.setShift, {
    tags: phone,
    access: courierAccess,
    summary: 'Empezar ({on: true, branch_id}) o terminar ({on: false}) el turno',
    body: shiftBody,
    responses: { 200: shiftResponse, ...refusals, ...conflict },
  }),
};

import { adminIdParams } from '../schemas/admin';
import { errorMessageSchema } from '../schemas/common';
import { branchParams } from '../schemas/console';
import {
  bumpResponse,
  expoResponse,
  orderItemParams,
  productStationBody,
  productStationResponse,
  stationItemsResponse,
  stationListResponse,
  stationParams,
  stationsBody,
} from '../schemas/stations';
import { adminAccess, branchAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const admin = ['Administración'];
const kitchen = ['Cocina'];
const refusals = guardedRefusals;

/** A branch's kitchen stations, their screens, the bump and the expo (decision 072). */
export const stationsContract = {
  getBranchStations: spec(e.getBranchStations, {
    tags: admin,
    access: adminAccess,
    summary:
      'Las estaciones de cocina de una sede, en orden (la primera recibe lo que no tiene estación); una sede sin estaciones recibe Parrilla, Freidora, Fríos y Bebidas',
    params: adminIdParams,
    responses: { 200: stationListResponse, ...refusals },
  }),
  putBranchStations: spec(e.putBranchStations, {
    tags: admin,
    access: adminAccess,
    summary:
      'Reemplaza la lista de estaciones: las filas con id se renombran o mueven, las demás se agregan, las que faltan se quitan (lo que cocinaban pasa a la primera)',
    params: adminIdParams,
    body: stationsBody,
    responses: { 200: stationListResponse, ...refusals },
  }),
  putProductStation: spec(e.putProductStation, {
    tags: admin,
    access: adminAccess,
    summary:
      'La estación de un producto (se busca por su nombre en cada sede); null: la de su categoría',
    params: adminIdParams,
    body: productStationBody,
    responses: { 200: productStationResponse, ...refusals },
  }),
  getKitchenStations: spec(e.getKitchenStations, {
    tags: kitchen,
    access: branchAccess,
    summary: 'Las estaciones de la sede, para elegir la pantalla de cocina',
    params: branchParams,
    responses: { 200: stationListResponse, ...refusals },
  }),
  getStationItems: spec(e.getStationItems, {
    tags: kitchen,
    access: branchAccess,
    summary:
      'Lo que una estación tiene que hacer: los ítems de los pedidos aceptados y aún no listos, el más antiguo primero, y los totales del día por producto',
    params: stationParams,
    responses: { 200: stationItemsResponse, ...refusals },
  }),
  bumpOrderItem: spec(e.bumpOrderItem, {
    tags: kitchen,
    access: branchAccess,
    summary: 'Marca un ítem como hecho en su estación',
    params: orderItemParams,
    responses: { 200: bumpResponse, ...refusals, 409: errorMessageSchema },
  }),
  unbumpOrderItem: spec(e.unbumpOrderItem, {
    tags: kitchen,
    access: branchAccess,
    summary: 'Deshace la marca de un ítem hecho',
    params: orderItemParams,
    responses: { 200: bumpResponse, ...refusals, 409: errorMessageSchema },
  }),
  getExpo: spec(e.getExpo, {
    tags: kitchen,
    access: branchAccess,
    summary:
      'El pase: los pedidos aceptados con lo hecho y lo pendiente de cada estación; ready_to_pack cuando todas terminaron',
    params: branchParams,
    responses: { 200: expoResponse, ...refusals },
  }),
};

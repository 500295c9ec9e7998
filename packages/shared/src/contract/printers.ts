import { adminIdParams, conflictSchema } from '../schemas/admin';
import { errorMessageSchema } from '../schemas/common';
import { branchParams } from '../schemas/console';
import {
  printerBody,
  printerDeleteQuery,
  printerListResponse,
  printerParams,
  printerRemovedResponse,
  printerResponse,
  reprintQuery,
  reprintResponse,
  staffPrinterListResponse,
} from '../schemas/printers';
import { adminAccess, branchAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const admin = ['Administración'];
const counter = ['Consola de sede'];
const refusals = guardedRefusals;

/** A branch's thermal printers: configured by admins, watched and used by the branch's staff (decision 071). */
export const printersContract = {
  getBranchPrinters: spec(e.getBranchPrinters, {
    tags: admin,
    access: adminAccess,
    summary: 'Las impresoras térmicas de una sede (ESC/POS por TCP)',
    params: adminIdParams,
    responses: { 200: printerListResponse, ...refusals },
  }),
  createPrinter: spec(e.createPrinter, {
    tags: admin,
    access: adminAccess,
    summary:
      'Agrega una impresora: dirección IP o nombre en la red, puerto (9100), ancho del papel (58 u 80 mm), tabla de caracteres, qué imprime (ticket o station:<id>) y cuándo (new, accept, manual)',
    params: adminIdParams,
    body: printerBody,
    responses: { 201: printerResponse, ...refusals },
  }),
  updatePrinter: spec(e.updatePrinter, {
    tags: admin,
    access: adminAccess,
    summary: 'Edita una impresora (409 si otra persona la cambió antes)',
    params: printerParams,
    body: printerBody,
    responses: { 200: printerResponse, ...refusals, 409: conflictSchema },
  }),
  deletePrinter: spec(e.deletePrinter, {
    tags: admin,
    access: adminAccess,
    summary: 'Quita una impresora; lo que tenía pendiente por imprimir se descarta',
    params: printerParams,
    query: printerDeleteQuery,
    responses: { 200: printerRemovedResponse, ...refusals, 409: conflictSchema },
  }),
  getStaffPrinters: spec(e.getStaffPrinters, {
    tags: counter,
    access: branchAccess,
    summary:
      'Las impresoras de la sede con su estado (ok o sin conexión), su último error y cuántos trabajos esperan',
    params: branchParams,
    responses: { 200: staffPrinterListResponse, ...refusals },
  }),
  reprintOrder: spec(e.reprintOrder, {
    tags: counter,
    access: branchAccess,
    summary:
      'Reimprimir: pone en cola la comanda del pedido en las impresoras de la sede que la imprimen (o solo en `printer`)',
    params: adminIdParams,
    query: reprintQuery,
    responses: { 200: reprintResponse, ...refusals, 409: errorMessageSchema },
  }),
};

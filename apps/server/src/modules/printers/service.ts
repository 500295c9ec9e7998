// The printers module's plain functions bound to its dependencies (decision 065).
import { bind } from '../../lib/bind';
import { reprint, staffPrinters } from './console';
import { createPrinter, editPrinter, listPrinters, removePrinter } from './printers';
import type { PrintersDeps } from './types';

/** The back office's printers, the console's view of them and Reimprimir, as app.printers. */
export function createPrintersService(deps: PrintersDeps) {
  return {
    list: bind(deps, listPrinters),
    create: bind(deps, createPrinter),
    update: bind(deps, editPrinter),
    remove: bind(deps, removePrinter),
    forStaff: bind(deps, staffPrinters),
    reprint: bind(deps, reprint),
  };
}

export type PrintersService = ReturnType<typeof createPrintersService>;

// The console's printers (decision 071): each printer of the branch with its state and what
// waits for it, and Reimprimir.
import { PRINTER_MESSAGES, type StaffPrinter } from '@comanda/shared';
import type { Timestamp } from '../../db/types';
import { conflict, notFound } from '../../lib/http-error';
import { branchPrinters, findPrinter, pendingByPrinter } from './printers-repository';
import { queueOrder } from './queue';
import type { PrintersDeps } from './types';

const iso = (value: Timestamp | null) =>
  value === null
    ? null
    : value instanceof Date
      ? value.toISOString()
      : new Date(value).toISOString();

/** A branch's printers as the console watches them: `sin conexión` while the last attempt failed. */
export async function staffPrinters(
  deps: PrintersDeps,
  branchId: number,
): Promise<{ results: StaffPrinter[] }> {
  const [printers, pending] = await Promise.all([
    branchPrinters(deps.db, branchId),
    pendingByPrinter(deps.db, branchId),
  ]);
  return {
    results: printers.map((printer) => ({
      id: printer.id,
      name: printer.name,
      state: printer.last_error === null ? 'ok' : 'sin conexión',
      last_error: printer.last_error,
      last_success_at: iso(printer.last_success_at),
      pending: pending.get(printer.id) ?? 0,
    })),
  };
}

/**
 * Reimprimir: the order's ticket on the branch's printers that print it on demand, or whatever
 * `printerId` prints of it. 404 for an unknown order or a printer of another branch; 409 when
 * nothing would print.
 */
export async function reprint(deps: PrintersDeps, orderId: number, printerId?: number) {
  const found = await deps.loadOrder(orderId);
  if (!found) throw notFound(PRINTER_MESSAGES.orderNotFound);
  if (printerId !== undefined && !(await findPrinter(deps.db, found.branchId, printerId)))
    throw notFound(PRINTER_MESSAGES.notFound);
  const queued = await queueOrder(deps, found.order, found.branchId, 'manual', printerId);
  if (queued === 0) throw conflict(PRINTER_MESSAGES.noPrinter);
  return { results: { queued } };
}

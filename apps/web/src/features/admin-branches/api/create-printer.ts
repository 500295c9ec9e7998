import { endpoints, type Printer, type PrinterBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { usePrintersMutation } from './use-printers-mutation';

/** POST /api/admin/branches/{id}/printers → the printer added. */
export async function createPrinter(branchId: number, body: PrinterBody): Promise<Printer> {
  return (await panelCall(endpoints.createPrinter, { params: { id: branchId }, body })).results;
}

export const useCreatePrinter = (branchId: number) =>
  usePrintersMutation(branchId, (body: PrinterBody) => createPrinter(branchId, body));

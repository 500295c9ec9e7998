import { endpoints, type Printer, type PrinterBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { usePrintersMutation } from './use-printers-mutation';

/** PUT /api/admin/branches/{id}/printers/{printerId} → the printer as saved (409 when stale). */
export async function updatePrinter(printer: Printer, body: PrinterBody): Promise<Printer> {
  return (
    await panelCall(endpoints.updatePrinter, {
      params: { id: printer.branch_id, printerId: printer.id },
      body,
    })
  ).results;
}

/** Over the printer as read, or over the version a settled conflict gives (`body.version`). */
export const useUpdatePrinter = (printer: Printer) =>
  usePrintersMutation(printer.branch_id, (body: PrinterBody) =>
    updatePrinter(printer, { ...body, version: body.version ?? printer.version }),
  );

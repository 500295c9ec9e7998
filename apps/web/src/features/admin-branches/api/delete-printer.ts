import { endpoints, type Printer } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { usePrintersMutation } from './use-printers-mutation';

/** DELETE /api/admin/branches/{id}/printers/{printerId}?version → gone, with what it had pending. */
export async function deletePrinter(printer: Printer): Promise<void> {
  await panelCall(endpoints.deletePrinter, {
    params: { id: printer.branch_id, printerId: printer.id },
    query: { version: printer.version },
  });
}

export const useDeletePrinter = (branchId: number) => usePrintersMutation(branchId, deletePrinter);

import { endpoints, type AdminPaymentsQuery } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { saveCsv } from '@/lib/save-csv';

/**
 * "pagos-2026-11-01-al-2026-11-30.csv": the days it covers, so the files of several months saved
 * side by side say which is which (the API names every one `pagos.csv`).
 */
export const paymentsCsvName = (query: AdminPaymentsQuery) =>
  `pagos-${query.from ?? 'inicio'}-al-${query.to ?? 'hoy'}.csv`;

/**
 * GET /api/admin/payments.csv: the file needs the console's token, so a plain link cannot fetch
 * it; it is read here and handed to the browser as a download.
 */
export async function downloadPaymentsCsv(query: AdminPaymentsQuery): Promise<void> {
  const text = await panelCall(endpoints.getAdminPaymentsCsv, {
    query,
    headers: { Accept: 'text/csv' },
  });
  saveCsv(text, paymentsCsvName(query));
}

export function useDownloadPaymentsCsv() {
  return useMutation({ mutationFn: downloadPaymentsCsv });
}

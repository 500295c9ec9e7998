import { endpoints, type AdminPaymentsQuery } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';

/**
 * "pagos-2026-11-01-al-2026-11-30.csv": the days it covers, so the files of several months saved
 * side by side say which is which (the API names every one `pagos.csv`).
 */
export const paymentsCsvName = (query: AdminPaymentsQuery) =>
  `pagos-${query.from ?? 'inicio'}-al-${query.to ?? 'hoy'}.csv`;

/**
 * GET /api/admin/payments.csv: the file needs the console's token, so a plain link cannot fetch
 * it; it is read here and handed to the browser as a download. Reading it as text drops the
 * byte-order mark Excel needs to see UTF-8, so it is put back.
 */
export async function downloadPaymentsCsv(query: AdminPaymentsQuery): Promise<void> {
  const text = await panelCall(endpoints.getAdminPaymentsCsv, {
    query,
    headers: { Accept: 'text/csv' },
  });
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = paymentsCsvName(query);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function useDownloadPaymentsCsv() {
  return useMutation({ mutationFn: downloadPaymentsCsv });
}

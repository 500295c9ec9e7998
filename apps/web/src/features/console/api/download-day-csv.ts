import { endpoints } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { saveCsv } from '@/lib/save-csv';

/**
 * GET /api/staff/branches/{id}/day.csv?date: the day, one order a row. The file needs the
 * console's token, so it is read here and handed to the browser as a download (lib/save-csv).
 */
export async function downloadDayCsv({
  branchId,
  date,
}: {
  branchId: number;
  date: string;
}): Promise<void> {
  const text = await panelCall(endpoints.getBranchDayCsv, {
    params: { id: branchId },
    query: { date },
    headers: { Accept: 'text/csv' },
  });
  saveCsv(text, `dia-sede-${branchId}-${date}.csv`);
}

export function useDownloadDayCsv() {
  return useMutation({ mutationFn: downloadDayCsv });
}

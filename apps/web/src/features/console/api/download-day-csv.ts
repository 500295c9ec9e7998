import { endpoints } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';

/**
 * GET /api/staff/branches/{id}/day.csv?date: the day, one order a row. The file needs the
 * console's token, so it is read here and handed to the browser as a download; reading it as
 * text drops the byte-order mark Excel needs to see UTF-8, so it is put back.
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
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `dia-sede-${branchId}-${date}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function useDownloadDayCsv() {
  return useMutation({ mutationFn: downloadDayCsv });
}

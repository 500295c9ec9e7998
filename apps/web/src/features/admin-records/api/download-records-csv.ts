import { chainToday, endpoints, type RecordsQuery } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';

export type RecordsKind = 'discount-signups' | 'courtesy-reservations';

const CSV_FILES = {
  'discount-signups': endpoints.getDiscountSignupsCsv,
  'courtesy-reservations': endpoints.getCourtesyReservationsCsv,
};

/** The server's names for the files, so a download from the screen is named like one from the API. */
const FILE_NAMES: Record<RecordsKind, string> = {
  'discount-signups': 'inscripciones-descuento',
  'courtesy-reservations': 'cortesias',
};

/**
 * GET /api/admin/records/{kind}.csv: the file needs the console's token, so a plain link cannot
 * fetch it; it is read here and handed to the browser as a download. Reading it as text drops
 * the byte-order mark Excel needs to see UTF-8, so it is put back.
 */
export async function downloadRecordsCsv({
  kind,
  filters,
}: {
  kind: RecordsKind;
  filters: RecordsQuery;
}): Promise<void> {
  const text = await panelCall(CSV_FILES[kind], {
    query: filters,
    headers: { Accept: 'text/csv' },
  });
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${FILE_NAMES[kind]}-${chainToday()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function useDownloadRecordsCsv() {
  return useMutation({ mutationFn: downloadRecordsCsv });
}

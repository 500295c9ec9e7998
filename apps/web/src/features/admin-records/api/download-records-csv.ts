import { chainToday, endpoints, type RecordsQuery } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { saveCsv } from '@/lib/save-csv';

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
 * fetch it; it is read here and handed to the browser as a download.
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
  saveCsv(text, `${FILE_NAMES[kind]}-${chainToday()}.csv`);
}

export function useDownloadRecordsCsv() {
  return useMutation({ mutationFn: downloadRecordsCsv });
}

import type { RecordsQuery } from '@comanda/shared';
import { useMutation } from '@tanstack/react-query';
import { usePanelSession } from '@/stores/panel-session';
import { recordsSearch } from './records-query';

export type RecordsKind = 'discount-signups' | 'courtesy-reservations';

/**
 * GET /api/admin/records/{kind}.csv: the file comes with the console's token, so a plain link
 * cannot fetch it; it is read here and handed to the browser as a download under the server's name.
 */
export async function downloadRecordsCsv({ kind, filters }: { kind: RecordsKind; filters: RecordsQuery }): Promise<void> {
  const response = await fetch(`/api/admin/records/${kind}.csv${recordsSearch(filters)}`, {
    headers: { Authorization: `Bearer ${usePanelSession.getState().access_token ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'No pudimos descargar el archivo.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${kind}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function useDownloadRecordsCsv() {
  return useMutation({ mutationFn: downloadRecordsCsv });
}

import type { AdminCourtesyReservation, RecordsQuery } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';
import { recordsSearch } from './records-query';

export interface ReservationPage {
  results: AdminCourtesyReservation[];
  more: boolean;
}

/** GET /api/admin/records/courtesy-reservations → `{ results, more }`: by visit day, latest first. */
export function getCourtesyReservations(filters: RecordsQuery, signal?: AbortSignal): Promise<ReservationPage> {
  return panelApi.get<ReservationPage>(`/api/admin/records/courtesy-reservations${recordsSearch(filters)}`, { signal });
}

export const courtesyReservationsQueryOptions = (filters: RecordsQuery) =>
  queryOptions({ queryKey: adminKey('courtesy-reservations', filters), queryFn: ({ signal }) => getCourtesyReservations(filters, signal) });

export function useCourtesyReservations(filters: RecordsQuery) {
  return useQuery({ ...courtesyReservationsQueryOptions(filters), placeholderData: keepPreviousData });
}

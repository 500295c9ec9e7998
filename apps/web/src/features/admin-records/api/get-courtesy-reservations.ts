import { endpoints, type AnswerOf, type RecordsQuery } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

export type ReservationPage = AnswerOf<typeof endpoints.getCourtesyReservations>;

/** GET /api/admin/records/courtesy-reservations → `{ results, more }`: by visit day, latest first. */
export function getCourtesyReservations(
  filters: RecordsQuery,
  signal?: AbortSignal,
): Promise<ReservationPage> {
  return panelCall(endpoints.getCourtesyReservations, { query: filters, signal });
}

export const courtesyReservationsQueryOptions = (filters: RecordsQuery) =>
  queryOptions({
    queryKey: adminKey('courtesy-reservations', filters),
    queryFn: ({ signal }) => getCourtesyReservations(filters, signal),
  });

export function useCourtesyReservations(filters: RecordsQuery) {
  return useQuery({
    ...courtesyReservationsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

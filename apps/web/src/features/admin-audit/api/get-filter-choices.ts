import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

export interface PersonChoice {
  id: number;
  name: string;
  email: string;
  active: boolean;
}

/**
 * GET /api/admin/staff → who the Historial's «Persona» lists: every staff and admin account,
 * deactivated ones too (what they did stays in the log). Customers never change anything there.
 */
export async function getPeopleChoices(signal?: AbortSignal): Promise<PersonChoice[]> {
  const { results } = await panelCall(endpoints.getStaff, { signal });
  return results.map(({ id, name, email, active }) => ({ id, name, email, active }));
}

// Its own key: the Personal section keeps this resource in another shape.
export const peopleChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('audit-people'),
    queryFn: ({ signal }) => getPeopleChoices(signal),
    staleTime: 60_000,
  });

export const usePeopleChoices = () => useQuery(peopleChoicesQueryOptions());

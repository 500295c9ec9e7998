import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

export interface PersonChoice {
  id: number;
  name: string;
  email: string;
  active: boolean;
}

export interface BranchChoice {
  id: number;
  title: string;
}

/**
 * GET /api/admin/staff → who the Historial's «Persona» lists: every staff and admin account,
 * deactivated ones too (what they did stays in the log). Customers never change anything there.
 */
export async function getPeopleChoices(signal?: AbortSignal): Promise<PersonChoice[]> {
  const { results } = await panelCall(endpoints.getStaff, { signal });
  return results.map(({ id, name, email, active }) => ({ id, name, email, active }));
}

/** GET /api/admin/branches → the «Sede» choices: every branch, hidden ones too. */
export async function getBranchChoices(signal?: AbortSignal): Promise<BranchChoice[]> {
  const { results } = await panelCall(endpoints.getAdminBranches, { signal });
  return results.map(({ id, title }) => ({ id, title }));
}

// Their own keys: the Personal and Sedes sections keep these resources in other shapes.
export const peopleChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('audit-people'),
    queryFn: ({ signal }) => getPeopleChoices(signal),
    staleTime: 60_000,
  });

export const branchChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('audit-branches'),
    queryFn: ({ signal }) => getBranchChoices(signal),
    staleTime: 60_000,
  });

export const usePeopleChoices = () => useQuery(peopleChoicesQueryOptions());
export const useBranchChoices = () => useQuery(branchChoicesQueryOptions());

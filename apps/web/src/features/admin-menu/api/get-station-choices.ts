import { endpoints, type Station } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** One station name a product can be sent to, with the id of a station that bears it. */
export interface StationChoice {
  name: string;
  station_id: number;
}

/**
 * The stations a product's Estación de cocina offers: every branch's (GET /api/admin/branches,
 * then GET /api/admin/branches/{id}/stations each), one choice per name, in the order the
 * branches list them. A product's station is read by its name at each branch (decision 072), so
 * any station with that name routes the same; `names` says the name of every station id seen.
 */
export async function getStationChoices(
  signal?: AbortSignal,
): Promise<{ choices: StationChoice[]; names: Map<number, string> }> {
  const branches = (await panelCall(endpoints.getAdminBranches, { signal })).results;
  const lists: Station[][] = await Promise.all(
    branches.map(
      async (branch) =>
        (await panelCall(endpoints.getBranchStations, { params: { id: branch.id }, signal }))
          .results,
    ),
  );
  const names = new Map<number, string>();
  const choices = new Map<string, StationChoice>();
  for (const station of lists.flat()) {
    names.set(station.id, station.name);
    if (!choices.has(station.name))
      choices.set(station.name, { name: station.name, station_id: station.id });
  }
  return { choices: [...choices.values()], names };
}

export function useStationChoices() {
  return useQuery(
    queryOptions({
      queryKey: adminKey('stations', 'choices'),
      queryFn: ({ signal }) => getStationChoices(signal),
    }),
  );
}

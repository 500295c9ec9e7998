import { endpoints, type AdminSurveyOption } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/survey-options → `{ results }`: the survey's options with how many signups chose each. */
export async function getSurveyOptions(signal?: AbortSignal): Promise<AdminSurveyOption[]> {
  return (await panelCall(endpoints.getSurveyOptions, { signal })).results;
}

export const surveyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('survey-options'),
    queryFn: ({ signal }) => getSurveyOptions(signal),
  });

export function useSurveyOptions() {
  return useQuery(surveyOptionsQueryOptions());
}

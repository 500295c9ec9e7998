import { endpoints, type SurveyParameter } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The segment the discount form asks for: its options fill 'Como nos conociste?'. */
export const SURVEY_SEGMENT = 'survey';

/** GET /api/parameters-segment/{segment} → `{ results: [{ id, description }] }` (product.md «Wire contract»). */
export async function getSurveyParameters(signal?: AbortSignal): Promise<SurveyParameter[]> {
  const body = await call(endpoints.getParameters, { params: { segment: SURVEY_SEGMENT }, signal });
  return body.results;
}

export const surveyParametersQueryOptions = () =>
  queryOptions({
    queryKey: ['parameters', SURVEY_SEGMENT],
    queryFn: ({ signal }) => getSurveyParameters(signal),
    staleTime: 10 * 60_000,
  });

export function useSurveyParameters() {
  return useQuery(surveyParametersQueryOptions());
}

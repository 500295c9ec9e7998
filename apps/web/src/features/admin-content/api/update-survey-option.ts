import type { AdminSurveyOption, SurveyOptionBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/survey-options/{id} → `{ results }`: renamed, hidden or shown. */
export async function updateSurveyOption({ id, ...body }: SurveyOptionBody & { id: number }): Promise<AdminSurveyOption> {
  return (await panelApi.put<{ results: AdminSurveyOption }>(`/api/admin/survey-options/${id}`, body)).results;
}

export const useUpdateSurveyOption = () => useContentMutation('survey-options', updateSurveyOption);

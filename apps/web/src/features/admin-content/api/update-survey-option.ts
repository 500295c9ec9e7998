import { endpoints, type AdminSurveyOption, type SurveyOptionBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/survey-options/{id} → `{ results }`: renamed, hidden or shown. */
export async function updateSurveyOption({
  id,
  ...body
}: SurveyOptionBody & { id: number }): Promise<AdminSurveyOption> {
  return (await panelCall(endpoints.updateSurveyOption, { params: { id }, body })).results;
}

export const useUpdateSurveyOption = () => useContentMutation('survey-options', updateSurveyOption);

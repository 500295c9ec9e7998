import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

export type SurveyRemoval = { id: number; outcome: 'deleted' | 'hidden' };

/** DELETE /api/admin/survey-options/{id} → deleted, or hidden when signups chose it. */
export async function removeSurveyOption(id: number): Promise<SurveyRemoval> {
  return (await panelApi.delete<{ results: SurveyRemoval }>(`/api/admin/survey-options/${id}`)).results;
}

export const useRemoveSurveyOption = () => useContentMutation('survey-options', removeSurveyOption);

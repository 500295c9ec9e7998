import { endpoints, type AnswerOf } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

export type SurveyRemoval = AnswerOf<typeof endpoints.removeSurveyOption>['results'];

/** DELETE /api/admin/survey-options/{id} → deleted, or hidden when signups chose it. */
export async function removeSurveyOption(id: number): Promise<SurveyRemoval> {
  return (await panelCall(endpoints.removeSurveyOption, { params: { id } })).results;
}

export const useRemoveSurveyOption = () => useContentMutation('survey-options', removeSurveyOption);

import { endpoints, type AdminSurveyOption, type SurveyOptionBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** POST /api/admin/survey-options → `{ results }`: a new answer to "¿Cómo nos conociste?". */
export async function createSurveyOption(body: SurveyOptionBody): Promise<AdminSurveyOption> {
  return (await panelCall(endpoints.createSurveyOption, { body })).results;
}

export const useCreateSurveyOption = () => useContentMutation('survey-options', createSurveyOption);

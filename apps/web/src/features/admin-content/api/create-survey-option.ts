import type { AdminSurveyOption, SurveyOptionBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** POST /api/admin/survey-options → `{ results }`: a new answer to "¿Cómo nos conociste?". */
export async function createSurveyOption(body: SurveyOptionBody): Promise<AdminSurveyOption> {
  return (await panelApi.post<{ results: AdminSurveyOption }>('/api/admin/survey-options', body)).results;
}

export const useCreateSurveyOption = () => useContentMutation('survey-options', createSurveyOption);

import { endpoints } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/survey-options/order {ids}: the whole list in its new order. */
export async function reorderSurveyOptions(ids: number[]): Promise<void> {
  await panelCall(endpoints.reorderSurveyOptions, { body: { ids } });
}

export const useReorderSurveyOptions = () =>
  useContentMutation('survey-options', reorderSurveyOptions);

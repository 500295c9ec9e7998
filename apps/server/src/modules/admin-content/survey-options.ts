import {
  ADMIN_CONTENT_MESSAGES as M,
  type AdminSurveyOption,
  type surveyOptionBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import { notFound } from '../../lib/http-error';
import type { AuditActor } from '../../lib/audit-record';
import { contentChange, createRow, reorderRows, updateRow, type ContentList } from './content-rows';
import { changes, flag, withoutVersion } from './content-change';
import type { AdminContentDeps } from './types';
import {
  deleteSurveyOption,
  findSurveyOption,
  insertSurveyOption,
  listSurveyOptions,
  signupsFor,
  SURVEY_SEGMENT,
  updateSurveyOption,
} from './survey-options-repository';

// The discount form's "¿Cómo nos conociste?" options: plain functions of the section's deps
// (decision 065).

type SurveyOptionInput = z.output<typeof surveyOptionBody>;

const surveyOf = (row: {
  id: number;
  description: string;
  position: number;
  active: number;
  signups: number;
  version: number;
}): AdminSurveyOption => ({
  ...row,
  active: row.active === 1,
});

async function findSurvey(executor: DbExecutor, id: number): Promise<AdminSurveyOption | null> {
  const found = await findSurveyOption(executor, id);
  return found ? surveyOf({ ...found, signups: await signupsFor(executor, id) }) : null;
}

const SURVEY_OPTIONS: ContentList<AdminSurveyOption> = {
  entity: 'survey_option',
  list: { table: 'parameters', segment: SURVEY_SEGMENT },
  notFound: M.surveyOptionNotFound,
  find: findSurvey,
  all: async (executor) => (await listSurveyOptions(executor)).map(surveyOf),
};

export const adminSurveyOptions = (db: DbExecutor) => SURVEY_OPTIONS.all(db);

export function createSurveyOption(
  deps: AdminContentDeps,
  actor: AuditActor,
  body: SurveyOptionInput,
) {
  return createRow(
    deps,
    actor,
    SURVEY_OPTIONS,
    (trx) =>
      insertSurveyOption(trx, {
        description: body.description,
        active: flag(body.active ?? true),
      }),
    (created) => `Opción de la encuesta «${created.description}» creada`,
  );
}

export async function editSurveyOption(
  deps: AdminContentDeps,
  actor: AuditActor,
  id: number,
  body: SurveyOptionInput,
) {
  // Another segment's parameter shares the table (and so the claim): it is not a survey option.
  if (!(await findSurvey(deps.write.reader, id))) throw notFound(M.surveyOptionNotFound);
  return updateRow(
    deps,
    actor,
    SURVEY_OPTIONS,
    { id, version: body.version },
    async (trx, before) => {
      await updateSurveyOption(trx, id, {
        description: body.description,
        active: flag(body.active ?? before.active),
      });
    },
    (action, before, after) =>
      action === 'update'
        ? `Opción de la encuesta «${before.description}»: ${changes({ description: 'texto', active: 'estado' }, before, after)}`
        : `Opción de la encuesta «${after.description}» ${action === 'hide' ? 'oculta' : 'visible'}`,
  );
}

/** Deleted when no signup chose it; otherwise hidden, so those signups keep their answer. */
export async function removeSurveyOption(
  { write }: AdminContentDeps,
  actor: AuditActor,
  id: number,
) {
  return write.write<{ id: number; outcome: 'deleted' | 'hidden' }>({
    actor,
    change: async (trx) => {
      const found = await findSurvey(trx, id);
      if (!found) throw notFound(M.surveyOptionNotFound);
      const before = withoutVersion(found);
      if (before.signups === 0) {
        await deleteSurveyOption(trx, id);
        const summary = `Opción de la encuesta «${before.description}» eliminada`;
        return contentChange(
          { id, outcome: 'deleted' as const },
          { action: 'delete', entity: 'survey_option', entity_id: id, summary, before },
        );
      }
      await updateSurveyOption(trx, id, { active: 0 });
      const summary = `Opción de la encuesta «${before.description}» oculta (la eligieron ${before.signups} inscripciones)`;
      const audit = {
        action: 'hide' as const,
        entity: 'survey_option',
        entity_id: id,
        summary,
        before,
        after: { ...before, active: false },
      };
      return contentChange({ id, outcome: 'hidden' as const }, audit);
    },
  });
}

export const reorderSurveyOptions = (deps: AdminContentDeps, actor: AuditActor, ids: number[]) =>
  reorderRows(
    deps,
    actor,
    SURVEY_OPTIONS,
    ids,
    (rows) => `Encuesta en orden: ${rows.map((o) => o.description).join(', ')}`,
  );

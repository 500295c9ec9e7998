import {
  ADMIN_CONTENT_MESSAGES as M,
  type AdminSurveyOption,
  type surveyOptionBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import { notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { contentChange, createRow, reorderRows, updateRow, type ContentList } from './content-rows';
import { changes, flag, withoutVersion, type AdminContentDeps } from './deps';
import type { AdminContentRepository } from './repository';
import { SURVEY_SEGMENT } from './survey-options-repository';

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

async function findSurvey(
  repository: AdminContentRepository,
  executor: DbExecutor,
  id: number,
): Promise<AdminSurveyOption | null> {
  const found = await repository.findSurveyOption(executor, id);
  return found ? surveyOf({ ...found, signups: await repository.signupsFor(executor, id) }) : null;
}

const surveyOptionsOf = (repository: AdminContentRepository): ContentList<AdminSurveyOption> => ({
  entity: 'survey_option',
  list: { table: 'parameters', segment: SURVEY_SEGMENT },
  notFound: M.surveyOptionNotFound,
  find: (executor, id) => findSurvey(repository, executor, id),
  all: async (executor) => (await repository.listSurveyOptions(executor)).map(surveyOf),
});

function create(deps: AdminContentDeps, actor: AuditActor, body: SurveyOptionInput) {
  return createRow(
    deps,
    actor,
    surveyOptionsOf(deps.repository),
    (trx) =>
      deps.repository.insertSurveyOption(trx, {
        description: body.description,
        active: flag(body.active ?? true),
      }),
    (created) => `Opción de la encuesta «${created.description}» creada`,
  );
}

async function update(
  deps: AdminContentDeps,
  actor: AuditActor,
  id: number,
  body: SurveyOptionInput,
) {
  const { repository, write } = deps;
  // Another segment's parameter shares the table (and so the claim): it is not a survey option.
  if (!(await findSurvey(repository, write.reader, id))) throw notFound(M.surveyOptionNotFound);
  return updateRow(
    deps,
    actor,
    surveyOptionsOf(repository),
    { id, version: body.version },
    async (trx, before) => {
      await repository.updateSurveyOption(trx, id, {
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
async function remove({ repository, write }: AdminContentDeps, actor: AuditActor, id: number) {
  return write.write<{ id: number; outcome: 'deleted' | 'hidden' }>({
    actor,
    change: async (trx) => {
      const found = await findSurvey(repository, trx, id);
      if (!found) throw notFound(M.surveyOptionNotFound);
      const before = withoutVersion(found);
      if (before.signups === 0) {
        await repository.deleteSurveyOption(trx, id);
        const summary = `Opción de la encuesta «${before.description}» eliminada`;
        return contentChange(
          { id, outcome: 'deleted' as const },
          { action: 'delete', entity: 'survey_option', entity_id: id, summary, before },
        );
      }
      await repository.updateSurveyOption(trx, id, { active: 0 });
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

/** The discount form's "¿Cómo nos conociste?" options. */
export function createSurveyOptionsService(deps: AdminContentDeps) {
  return {
    list: async () => (await deps.repository.listSurveyOptions()).map(surveyOf),
    create: (actor: AuditActor, body: SurveyOptionInput) => create(deps, actor, body),
    update: (actor: AuditActor, id: number, body: SurveyOptionInput) =>
      update(deps, actor, id, body),
    reorder: (actor: AuditActor, ids: number[]) =>
      reorderRows(
        deps,
        actor,
        surveyOptionsOf(deps.repository),
        ids,
        (rows) => `Encuesta en orden: ${rows.map((o) => o.description).join(', ')}`,
      ),
    remove: (actor: AuditActor, id: number) => remove(deps, actor, id),
  };
}

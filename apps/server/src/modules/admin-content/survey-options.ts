import {
  ADMIN_CONTENT_MESSAGES as M,
  ADMIN_MESSAGES,
  type AdminSurveyOption,
  type surveyOptionBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import { notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import {
  actionOf,
  CATALOG_CHANGED,
  changes,
  flag,
  rowVersion,
  withoutVersion,
  type AdminContentDeps,
} from './deps';
import { SURVEY_SEGMENT, type AdminContentRepository } from './repository';

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

const surveyVersion = (deps: AdminContentDeps, id: number, expected: number | undefined) =>
  rowVersion(
    deps,
    'parameters',
    id,
    expected,
    () => findSurvey(deps.repository, deps.write.reader, id),
    M.surveyOptionNotFound,
  );

async function create(
  { repository, write }: AdminContentDeps,
  actor: AuditActor,
  body: SurveyOptionInput,
) {
  return write.write({
    actor,
    change: async (trx) => {
      const id = await repository.insertSurveyOption(trx, {
        description: body.description,
        active: flag(body.active ?? true),
      });
      const created = (await findSurvey(repository, trx, id))!;
      const summary = `Opción de la encuesta «${created.description}» creada`;
      return {
        result: created,
        audit: {
          action: 'create',
          entity: 'survey_option',
          entity_id: id,
          summary,
          after: withoutVersion(created),
        },
        publish: CATALOG_CHANGED,
      };
    },
  });
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
  return write.write({
    actor,
    version: surveyVersion(deps, id, body.version),
    change: async (trx) => {
      const before = withoutVersion((await findSurvey(repository, trx, id))!);
      await repository.updateSurveyOption(trx, id, {
        description: body.description,
        active: flag(body.active ?? before.active),
      });
      const saved = (await findSurvey(repository, trx, id))!;
      const after = withoutVersion(saved);
      const action = actionOf(before, after);
      const summary =
        action === 'update'
          ? `Opción de la encuesta «${before.description}»: ${changes({ description: 'texto', active: 'estado' }, before, after)}`
          : `Opción de la encuesta «${after.description}» ${action === 'hide' ? 'oculta' : 'visible'}`;
      return {
        result: saved,
        audit: { action, entity: 'survey_option', entity_id: id, summary, before, after },
        publish: CATALOG_CHANGED,
      };
    },
  });
}

async function reorder({ repository, write }: AdminContentDeps, actor: AuditActor, ids: number[]) {
  return write.write({
    actor,
    change: async (trx) => {
      const before = (await repository.listSurveyOptions(trx)).map((o) => o.id);
      await write.reorder(
        trx,
        { table: 'parameters', segment: SURVEY_SEGMENT },
        ids,
        ADMIN_MESSAGES.order,
      );
      const rows = await repository.listSurveyOptions(trx);
      const summary = `Encuesta en orden: ${rows.map((o) => o.description).join(', ')}`;
      return {
        result: rows.map(surveyOf),
        audit: { action: 'reorder', entity: 'survey_option', summary, before, after: ids },
        publish: CATALOG_CHANGED,
      };
    },
  });
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
        return {
          result: { id, outcome: 'deleted' as const },
          audit: { action: 'delete', entity: 'survey_option', entity_id: id, summary, before },
          publish: CATALOG_CHANGED,
        };
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
      return { result: { id, outcome: 'hidden' as const }, audit, publish: CATALOG_CHANGED };
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
    reorder: (actor: AuditActor, ids: number[]) => reorder(deps, actor, ids),
    remove: (actor: AuditActor, id: number) => remove(deps, actor, id),
  };
}

import type { DbExecutor } from '../../db/types';
import { nextPosition } from './positions-repository';

/** The survey's segment in `parameters` ("Como nos conociste?"). */
export const SURVEY_SEGMENT = 'survey';

const COLUMNS = ['id', 'description', 'position', 'active', 'version'] as const;

// The discount form's survey options, with how many signups chose each: plain functions of the
// executor (decision 065).

export async function listSurveyOptions(executor: DbExecutor) {
  const [options, counts] = await Promise.all([
    executor
      .selectFrom('parameters')
      .select(COLUMNS)
      .where('segment', '=', SURVEY_SEGMENT)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    executor
      .selectFrom('discount_signups')
      .select(['source_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('source_id')
      .execute(),
  ]);
  return options.map((o) => ({
    ...o,
    signups: Number(counts.find((c) => c.source_id === o.id)?.n ?? 0),
  }));
}

export const findSurveyOption = (executor: DbExecutor, id: number) =>
  executor
    .selectFrom('parameters')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('segment', '=', SURVEY_SEGMENT)
    .executeTakeFirst();

export async function insertSurveyOption(
  trx: DbExecutor,
  values: { description: string; active: number },
): Promise<number> {
  const position = await nextPosition(trx, { table: 'parameters', segment: SURVEY_SEGMENT });
  const row = await trx
    .insertInto('parameters')
    .values({ ...values, segment: SURVEY_SEGMENT, position })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const updateSurveyOption = (
  trx: DbExecutor,
  id: number,
  values: { description?: string; active: number },
) => trx.updateTable('parameters').set(values).where('id', '=', id).execute();

export async function signupsFor(trx: DbExecutor, optionId: number): Promise<number> {
  const row = await trx
    .selectFrom('discount_signups')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('source_id', '=', optionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const deleteSurveyOption = (trx: DbExecutor, id: number) =>
  trx.deleteFrom('parameters').where('id', '=', id).execute();

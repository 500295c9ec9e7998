// A branch's weekly hours and dated exceptions, each replaced whole.
import { WEEKDAY_LABELS, type BranchExceptionsBody, type BranchHoursBody } from '@comanda/shared';
import type { AuditActor } from '../audit/service';
import { rangesText, replaceBranchPart, toAnswer } from './branch-change';
import { writeExceptions, writeHours } from './schedule-repository';
import type { AdminBranchesDeps } from './types';

const week = (hours: readonly { weekday: number; opens: string; closes: string }[]) =>
  WEEKDAY_LABELS.map((label, weekday) => {
    const ranges = hours.filter((h) => h.weekday === weekday);
    return `${label} ${ranges.length > 0 ? rangesText(ranges) : 'cerrado'}`;
  }).join('; ');

/** The weekly hours, replaced whole; placement and the console hear a `branch` change. */
export function replaceHours(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  body: BranchHoursBody,
) {
  return replaceBranchPart(deps, actor, id, body.version, async (trx, row) => {
    await writeHours(trx, id, body.hours);
    return {
      summary: `${row.title}: horario semanal (${week(body.hours)})`,
      before: row.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
      after: body.hours,
    };
  });
}

/** The dated exceptions (holidays, special days), replaced whole. */
export function replaceExceptions(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  body: BranchExceptionsBody,
) {
  return replaceBranchPart(deps, actor, id, body.version, async (trx, row) => {
    await writeExceptions(trx, id, body.exceptions);
    const listed = body.exceptions
      .map((e) => `${e.date} ${e.closed ? 'cerrada' : rangesText(e.ranges)}`)
      .join('; ');
    return {
      summary: `${row.title}: excepciones de horario (${listed || 'ninguna'})`,
      before: toAnswer(row).exceptions,
      after: body.exceptions,
    };
  });
}

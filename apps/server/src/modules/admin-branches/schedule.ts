import { WEEKDAY_LABELS, type BranchExceptionsBody, type BranchHoursBody } from '@comanda/shared';
import type { AuditActor } from '../audit/service';
import {
  answer,
  branchVersion,
  lockedBranch,
  rangesText,
  toAnswer,
  type AdminBranchesDeps,
} from './deps';

const week = (hours: readonly { weekday: number; opens: string; closes: string }[]) =>
  WEEKDAY_LABELS.map((label, weekday) => {
    const ranges = hours.filter((h) => h.weekday === weekday);
    return `${label} ${ranges.length > 0 ? rangesText(ranges) : 'cerrado'}`;
  }).join('; ');

/** The weekly hours, replaced whole; placement and the console hear a `branch` change. */
async function replaceHours(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  body: BranchHoursBody,
) {
  await deps.write.write({
    actor,
    version: branchVersion(deps, id, body.version),
    change: async (trx) => {
      const row = await lockedBranch(deps, trx, id);
      await deps.repository.replaceHours(trx, id, body.hours);
      const audit = {
        action: 'update' as const,
        entity: 'branch',
        entity_id: id,
        branch_id: id,
        summary: `${row.title}: horario semanal (${week(body.hours)})`,
        before: row.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
        after: body.hours,
      };
      return { result: undefined, audit, publish: [{ type: 'branch', branch_id: id }] };
    },
  });
  return answer(deps, id);
}

/** The dated exceptions (holidays, special days), replaced whole. */
async function replaceExceptions(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  body: BranchExceptionsBody,
) {
  await deps.write.write({
    actor,
    version: branchVersion(deps, id, body.version),
    change: async (trx) => {
      const row = await lockedBranch(deps, trx, id);
      await deps.repository.replaceExceptions(trx, id, body.exceptions);
      const listed = body.exceptions
        .map((e) => `${e.date} ${e.closed ? 'cerrada' : rangesText(e.ranges)}`)
        .join('; ');
      const audit = {
        action: 'update' as const,
        entity: 'branch',
        entity_id: id,
        branch_id: id,
        summary: `${row.title}: excepciones de horario (${listed || 'ninguna'})`,
        before: toAnswer(row).exceptions,
        after: body.exceptions,
      };
      return { result: undefined, audit, publish: [{ type: 'branch', branch_id: id }] };
    },
  });
  return answer(deps, id);
}

/** A branch's weekly hours and dated exceptions. */
export function createScheduleService(deps: AdminBranchesDeps) {
  return {
    replaceHours: (actor: AuditActor, id: number, body: BranchHoursBody) =>
      replaceHours(deps, actor, id, body),
    replaceExceptions: (actor: AuditActor, id: number, body: BranchExceptionsBody) =>
      replaceExceptions(deps, actor, id, body),
  };
}

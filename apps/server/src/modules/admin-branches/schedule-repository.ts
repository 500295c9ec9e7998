// A branch's weekly hours and its dated exceptions, each replaced whole by its form; plain
// functions of the change's transaction (decision 065).
import type { BranchExceptionsBody, BranchHoursBody } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';

export async function writeHours(trx: DbExecutor, id: number, hours: BranchHoursBody['hours']) {
  await trx.deleteFrom('branch_hours').where('branch_id', '=', id).execute();
  if (hours.length > 0)
    await trx
      .insertInto('branch_hours')
      .values(hours.map((h) => ({ branch_id: id, ...h })))
      .execute();
}

export async function writeExceptions(
  trx: DbExecutor,
  id: number,
  exceptions: BranchExceptionsBody['exceptions'],
) {
  await trx.deleteFrom('branch_exceptions').where('branch_id', '=', id).execute();
  if (exceptions.length === 0) return;
  await trx
    .insertInto('branch_exceptions')
    .values(
      exceptions.map((e) => ({
        branch_id: id,
        date: e.date,
        closed: e.closed ? 1 : 0,
        ranges: JSON.stringify(e.closed ? [] : e.ranges),
      })),
    )
    .execute();
}

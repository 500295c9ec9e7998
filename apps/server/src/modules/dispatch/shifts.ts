// A courier's shift: clocked in and out from the phone, closed by the branch with the cash (decision 068).
import {
  chainDayRange,
  chainToday,
  DISPATCH_MESSAGES,
  formatMoney,
  type CurrentTrip,
  type Shift,
  type ShiftBody,
  type ShiftCloseBody,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import { conflict, invalidField, notFound } from '../../lib/http-error';
import { isoInstant, isoOrNull } from '../../lib/iso-instant';
import { openBranchesOf } from './branches-repository';
import { couriersChanged } from './events';
import {
  closeShiftRow,
  endShift,
  findShift,
  openShiftOf,
  shiftFigures,
  shiftsOfDay,
  startShift,
  type ShiftRow,
} from './shifts-repository';
import { tripAnswers } from './trip-answer';
import { openTripOf } from './trips-repository';
import type { Acting, DispatchDeps } from './types';

type Figures = Awaited<ReturnType<typeof shiftFigures>>;

function shiftAnswer(row: ShiftRow, figures: Figures): Shift {
  const mine = figures.filter((figure) => figure.shift_id === row.id);
  const delivered = mine.filter((figure) => figure.outcome === 'delivered');
  const expected = delivered.filter((f) => f.kind === 'cash').reduce((sum, f) => sum + f.total, 0);
  return {
    id: row.id,
    courier: { id: row.courier_id, name: row.courier_name },
    branch: { id: row.branch_id, title: row.branch_title },
    started_at: isoInstant(row.started_at),
    ended_at: isoOrNull(row.ended_at),
    closed_at: isoOrNull(row.closed_at),
    delivered: delivered.length,
    failed: mine.length - delivered.length,
    cash_expected: expected,
    cash_handed_in: row.cash_handed_in,
    difference: row.cash_handed_in === null ? null : row.cash_handed_in - expected,
    note: row.note,
    fees: delivered.reduce((sum, f) => sum + f.delivery_fee, 0),
  };
}

async function answerShifts(db: DbExecutor, rows: ShiftRow[]): Promise<Shift[]> {
  const figures = await shiftFigures(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => shiftAnswer(row, figures));
}

/** Which of the courier's branches a shift starts at: the one named, or their only one. */
function shiftBranch(actor: Acting, body: ShiftBody): number {
  const branchId =
    body.branch_id ?? (actor.branch_ids.length === 1 ? actor.branch_ids[0] : undefined);
  if (branchId === undefined || !actor.branch_ids.includes(branchId))
    throw invalidField('branch_id', DISPATCH_MESSAGES.shiftBranch);
  return branchId;
}

/** `POST /api/courier/shift`: start (twice is once) or end; not with a trip still open. */
export async function setShift(deps: DispatchDeps, actor: Acting, body: ShiftBody): Promise<Shift> {
  const open = await openShiftOf(deps.db, actor.id);
  const at = new Date(deps.clock.now()).toISOString();
  if (body.on && open) return (await answerShifts(deps.db, [open]))[0]!;
  if (!body.on && !open) throw conflict(DISPATCH_MESSAGES.shiftOff);
  if (!body.on && (await openTripOf(deps.db, actor.id)))
    throw conflict(DISPATCH_MESSAGES.shiftOpenTrip);
  const branchId = body.on ? shiftBranch(actor, body) : open!.branch_id;
  const id = await deps.db.transaction().execute(async (trx) => {
    const shiftId = body.on
      ? await startShift(trx, { courier_id: actor.id, branch_id: branchId, started_at: at })
      : (await endShift(trx, open!.id, at), open!.id);
    await deps.audit.record(trx, actor, {
      action: body.on ? 'shift_start' : 'shift_end',
      entity: 'shift',
      entity_id: shiftId,
      branch_id: branchId,
      summary: body.on ? 'Empezó el turno' : 'Terminó el turno',
    });
    return shiftId;
  });
  couriersChanged(deps, branchId);
  return (await answerShifts(deps.db, [(await findShift(deps.db, id))!]))[0]!;
}

/** The branch a shift is at, or null: for the guard. */
export const branchOfShift = async (deps: DispatchDeps, id: number) =>
  (await findShift(deps.db, id))?.branch_id ?? null;

/** `POST /api/staff/shifts/{id}/close`: the cash handed in against the cash expected. */
export async function closeShift(
  deps: DispatchDeps,
  actor: AuditActor,
  id: number,
  body: ShiftCloseBody,
) {
  const shift = await findShift(deps.db, id);
  if (!shift) throw notFound(DISPATCH_MESSAGES.shiftUnknown);
  if (shift.closed_at !== null) throw conflict(DISPATCH_MESSAGES.shiftClosed);
  if (shift.ended_at === null) throw conflict(DISPATCH_MESSAGES.shiftOpen);
  const [before] = await answerShifts(deps.db, [shift]);
  const difference = body.cash_handed_in - before!.cash_expected;
  await deps.db.transaction().execute(async (trx) => {
    const closed = await closeShiftRow(trx, id, {
      closed_at: new Date(deps.clock.now()).toISOString(),
      closed_by: actor.id,
      cash_handed_in: body.cash_handed_in,
      note: body.note || null,
    });
    if (!closed) throw conflict(DISPATCH_MESSAGES.shiftClosed);
    await deps.audit.record(trx, actor, {
      action: 'shift_close',
      entity: 'shift',
      entity_id: id,
      branch_id: shift.branch_id,
      summary: `${shift.courier_name}: entregó ${formatMoney(body.cash_handed_in)} de ${formatMoney(before!.cash_expected)} (diferencia ${formatMoney(difference)})`,
    });
  });
  couriersChanged(deps, shift.branch_id);
  return (await answerShifts(deps.db, [(await findShift(deps.db, id))!]))[0]!;
}

/** `GET /api/staff/branches/{id}/shifts`: a day's shifts (chain clock), and any left unclosed. */
export async function dayShifts(deps: DispatchDeps, branchId: number, date?: string) {
  const range = chainDayRange(date ?? chainToday(new Date(deps.clock.now())));
  const rows = await shiftsOfDay(
    deps,
    branchId,
    range.start.toISOString(),
    range.end.toISOString(),
  );
  return answerShifts(deps.db, rows);
}

/** `GET /api/courier/trips/current`: the courier's open shift and trip, and their branches. */
export async function currentTrip(deps: DispatchDeps, actor: Acting): Promise<CurrentTrip> {
  const [shift, trip, branches] = await Promise.all([
    openShiftOf(deps.db, actor.id),
    openTripOf(deps.db, actor.id),
    openBranchesOf(deps.db, actor.branch_ids),
  ]);
  const [answer] = trip
    ? await tripAnswers(deps.db, [trip], deps.clock.now(), deps.settings.speedKmh)
    : [];
  return {
    results: answer ?? null,
    shift: shift ? (await answerShifts(deps.db, [shift]))[0]! : null,
    branches,
  };
}

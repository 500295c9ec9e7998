import { endpoints, type Shift, type ShiftBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

/** POST /api/courier/shift {on, branch_id?}: Empezar turno at a branch, or Terminar turno. */
export async function setShift(body: ShiftBody): Promise<Shift> {
  return (await panelCall(endpoints.setShift, { body })).results;
}

import { formatMoney, type Shift } from '@comanda/shared';

/** The cash typed at the close: pesos, dots, spaces and "$" ignored; null when empty or not a number. Zero counts. */
export function readCash(typed: string): number | null {
  const digits = typed.replace(/[.\s$]/g, '');
  return /^[0-9]{1,9}$/.test(digits) ? Number(digits) : null;
}

export interface DifferenceText {
  /** `short`: cash missing; `over`: more than expected; `even`: it adds up. */
  kind: 'short' | 'over' | 'even';
  text: string;
}

/** handed in − expected, said in words: "Faltante $5.000", "Sobrante $2.000", "Cuadra". */
export function differenceText(difference: number): DifferenceText {
  if (difference < 0) return { kind: 'short', text: `Faltante ${formatMoney(-difference)}` };
  if (difference > 0) return { kind: 'over', text: `Sobrante ${formatMoney(difference)}` };
  return { kind: 'even', text: 'Cuadra' };
}

/** Where a shift stands at the close: still on, ended and waiting for its cash, or closed. */
export function shiftStage(
  shift: Pick<Shift, 'ended_at' | 'closed_at'>,
): 'on' | 'to_close' | 'closed' {
  if (shift.closed_at) return 'closed';
  return shift.ended_at ? 'to_close' : 'on';
}

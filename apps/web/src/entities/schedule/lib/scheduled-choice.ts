import { describeScheduled } from '@comanda/shared';
import type { ScheduledChoice } from '@/stores/session-store';

/**
 * The order time as the session keeps it for the menu's line and checkout: the slot with its words
 * as said now ("mañana a las 11:30"), or none for `Lo antes posible`.
 */
export function scheduledChoice(
  branchId: number | undefined,
  slot: string | null,
): ScheduledChoice | null {
  return branchId !== undefined && slot
    ? { branchId, slot, label: describeScheduled(new Date(slot), new Date()) }
    : null;
}

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

/**
 * Scheduling opens on the first day with a free slot (product.md «Order ahead»): while the day on
 * screen has none (a branch closed or full today), the next day to look at; null once one has a
 * free slot, or there is no later day to try.
 */
export function nextDayToTry(
  days: readonly string[],
  day: string,
  slots: readonly { available: boolean }[],
): string | null {
  if (slots.some((slot) => slot.available)) return null;
  return days[days.indexOf(day) + 1] ?? null;
}

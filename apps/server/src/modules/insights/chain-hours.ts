import { chainFormatter, weekdayOfDate } from '@comanda/shared';

const HOUR = 3_600_000;

/** Minutes the chain's wall clock is ahead of UTC during a UTC hour, remembered per hour. */
const offsets = new Map<number, number>();

function offsetOf(utcHour: number): number {
  let offset = offsets.get(utcHour);
  if (offset === undefined) {
    const instant = utcHour * HOUR;
    const parts = Object.fromEntries(
      chainFormatter('wall')
        .formatToParts(new Date(instant))
        .map((part) => [part.type, Number(part.value)]),
    );
    const wall = Date.UTC(
      parts.year ?? 0,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    offset = wall - instant;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(utcHour, offset);
  }
  return offset;
}

/**
 * The start of the chain's clock hour `instant` falls in, as a UTC instant (ms): the rollups'
 * bucket. In a zone a whole number of hours from UTC (Bogotá) it is the UTC hour.
 */
export function hourBucket(instant: number): number {
  const offset = offsetOf(Math.floor(instant / HOUR));
  return instant - ((((instant + offset) % HOUR) + HOUR) % HOUR);
}

/** A bucket (or any instant) on the chain's clock: its day, hour of the day and ISO weekday. */
export function chainHourOf(instant: number): { day: string; hour: number; weekday: number } {
  const wall = instant + offsetOf(Math.floor(instant / HOUR));
  const date = new Date(wall);
  const day = date.toISOString().slice(0, 10);
  const sunday0 = weekdayOfDate(day);
  return { day, hour: date.getUTCHours(), weekday: sunday0 === 0 ? 7 : sunday0 };
}

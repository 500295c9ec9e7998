import {
  chainToday,
  describeChainTime,
  localClock,
  nextOpening,
  openingSpans,
  toMinutes,
  CHAIN_TIME_ZONE,
  type Branch,
  type OpeningSpan,
} from '@comanda/shared';

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const WEEKDAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

export interface OpeningStatus {
  open: boolean;
  /** What the customer reads: "Abierto ahora · cierra a las 22:00", "Cerrado · abre mañana a las 11:30"… */
  text: string;
}

/**
 * When the opening that contains `minute` (of today, on the chain's clock) really ends, following
 * back-to-back spans (Monday until 24:00 then Tuesday from 00:00 is one opening). `Infinity` when
 * it runs a whole week without a gap; null when closed at `minute`.
 */
function openingEnd(spans: readonly OpeningSpan[], minute: number): number | null {
  const containing = spans.find(({ start, end }) => minute >= start && minute < end);
  if (!containing) return null;
  let end = containing.end;
  for (;;) {
    const next = spans.find(({ start, end: e }) => start <= end && e > end);
    if (!next) return end;
    end = next.end;
    if (end - minute >= MINUTES_PER_WEEK) return Number.POSITIVE_INFINITY;
  }
}

/** "22:00"; the end of the day reads as midnight, not "24:00". */
function clockText(minuteOfDay: number): string {
  const minutes = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}`;
}

type StatusBranch = Pick<Branch, 'opening_hours' | 'open_now'> &
  Partial<Pick<Branch, 'accepting_orders' | 'resumes_at' | 'opening_exceptions'>>;

/**
 * Paused by its staff: open by its hours (as the API last said) but not taking orders, until
 * `resumes_at` or until the staff reopen it. A timed pause that has run out counts as over even
 * before the API says so: the branch resumes by itself at that time.
 */
function pausedStatus(branch: StatusBranch, now: Date, timeZone: string): OpeningStatus | null {
  if (branch.accepting_orders !== false || !branch.open_now) return null;
  if (!branch.resumes_at) return { open: false, text: 'No recibe pedidos por ahora' };
  const resumes = new Date(branch.resumes_at);
  if (resumes.getTime() <= now.getTime()) return null;
  return {
    open: false,
    text: `No recibe pedidos · vuelve ${describeChainTime(resumes, now, timeZone)}`,
  };
}

/**
 * Whether a branch takes orders at `now` and, in honest Spanish, until when or from when
 *: open, closed by its hours, or paused by its staff. Hours are computed from
 * `opening_hours` so a list kept on screen stays right; the API's `open_now` only decides for a
 * branch that publishes no hours.
 */
export function openingStatus(
  branch: StatusBranch,
  now: Date,
  timeZone = CHAIN_TIME_ZONE,
): OpeningStatus {
  const hours = branch.opening_hours;
  const exceptions = branch.opening_exceptions ?? [];
  if (hours.length === 0 && exceptions.length === 0) {
    if (!branch.open_now) return { open: false, text: 'Cerrado' };
    return pausedStatus(branch, now, timeZone) ?? { open: true, text: 'Abierto ahora' };
  }

  // The same spans the server decides with: weekly hours with the dated exceptions applied.
  const spans = openingSpans(hours, now, timeZone, exceptions);
  const { minute } = localClock(now, timeZone);
  const end = openingEnd(spans, minute);
  const paused = end !== null ? pausedStatus(branch, now, timeZone) : null;
  if (paused) return paused;
  if (end === Number.POSITIVE_INFINITY) return { open: true, text: 'Abierto 24 horas' };
  if (end !== null) {
    const closes =
      end % MINUTES_PER_DAY === 0 ? 'cierra a medianoche' : `cierra a las ${clockText(end)}`;
    return { open: true, text: `Abierto ahora · ${closes}` };
  }

  // A holiday says so: the customer reads that today is the exception, not the usual hours.
  const closedToday = exceptions.some((e) => e.closed && e.date === chainToday(now, timeZone));
  const closed = closedToday ? 'Cerrado hoy' : 'Cerrado';
  const next = nextOpening(hours, now, timeZone, exceptions);
  if (!next) return { open: false, text: closed };
  const at = `a las ${clockText(toMinutes(next.opens))}`;
  if (next.daysAhead === 0) return { open: false, text: `${closed} · abre ${at}` };
  if (next.daysAhead === 1) return { open: false, text: `${closed} · abre mañana ${at}` };
  return { open: false, text: `${closed} · abre el ${WEEKDAY_NAMES[next.weekday] ?? ''} ${at}` };
}

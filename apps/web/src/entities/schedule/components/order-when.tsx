import { chainClock, chainToday, scheduleDays } from '@comanda/shared';
import { useEffect, useId, useState } from 'react';
import choice from '@/components/ui/choice.module.css';
import { useBranchSlots } from '../api/get-branch-slots';
import { nextDayToTry } from '../lib/scheduled-choice';
import styles from './order-when.module.css';
import { dateFormat } from '@/lib/date-format';

interface OrderWhenProps {
  branchId: number | undefined;
  /** The chosen slot's start (ISO), or null for as soon as possible. */
  value: string | null;
  /** Whether the customer chose to schedule (a slot may not be picked yet). */
  scheduling: boolean;
  onChange: (scheduling: boolean, slot: string | null) => void;
  /**
   * A delivery's estimate, from–to minutes: the branch's coverage of the place, the figure the
   * menu's delivery line says (null while unknown). Absent for a pickup, which shows the queue's.
   */
  deliveryEta?: readonly [number, number] | null;
}

const weekdayAndDay = dateFormat({ weekday: 'long', day: 'numeric', timeZone: 'UTC' });

const dayName = (day: string, today: string, index: number) => {
  if (day === today) return 'Hoy';
  if (index === 1) return 'Mañana';
  const name = weekdayAndDay.format(new Date(`${day}T12:00:00Z`));
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * product.md «Order ahead»: `Lo antes posible` (with the estimate: the queue's for a pickup, the
 * delivery's for a delivery) or `Programar` (a day and a 15-minute slot). A closed branch says
 * when it opens and offers only `Programar`. The choices only: checkout and the menu's line each
 * put them in a fieldset of their own.
 */
export function OrderWhen({ branchId, value, scheduling, onChange, deliveryEta }: OrderWhenProps) {
  const name = useId();
  const [now] = useState(() => new Date());
  const today = chainToday(now);
  const days = scheduleDays(now);
  const [day, setDay] = useState(() => (value ? chainToday(new Date(value)) : today));
  // Until the customer picks a day (or a slot was kept), the first day with a free slot.
  const [dayChosen, setDayChosen] = useState(value !== null);
  const slots = useBranchSlots(branchId, day);
  const asap = slots.data?.asap;
  const closed = asap ? !asap.available : false;
  const nextDay = slots.data && !dayChosen ? nextDayToTry(days, day, slots.data.results) : null;
  // Adjusted while rendering (React's way for state that follows data): the next day's slots
  // are asked for at once, without a commit of the empty day first.
  if (nextDay) setDay(nextDay);
  // Closed now: the only way on is to schedule.
  useEffect(() => {
    if (closed && !scheduling) onChange(true, null);
  }, [closed, scheduling, onChange]);

  return (
    <>
      {asap?.closed ? <p className={styles.closed}>{asap.closed}</p> : null}
      <WhenChoices
        name={name}
        scheduling={scheduling}
        closed={closed}
        // The queue's range is the kitchen's alone: a delivery adds its trip, as the menu said.
        eta={deliveryEta === undefined ? asap?.eta : deliveryEta}
        onAsap={() => onChange(false, null)}
        onSchedule={() => onChange(true, value)}
      />
      {scheduling ? (
        <div className={styles.pickers}>
          <DayPicker
            days={days}
            today={today}
            value={day}
            onChange={(next) => {
              setDay(next);
              setDayChosen(true);
              onChange(true, null);
            }}
          />
          <SlotPicker slots={slots} value={value} onChange={(slot) => onChange(true, slot)} />
        </div>
      ) : null}
    </>
  );
}

interface WhenChoicesProps {
  /** The radios' shared name. */
  name: string;
  scheduling: boolean;
  /** The branch is closed now: only `Programar` can be chosen. */
  closed: boolean;
  /** The queue's estimate in minutes, from–to, when known. */
  eta: readonly [number, number] | null | undefined;
  onAsap: () => void;
  onSchedule: () => void;
}

/** `Lo antes posible` (with the estimate) or `Programar`. */
function WhenChoices({ name, scheduling, closed, eta, onAsap, onSchedule }: WhenChoicesProps) {
  return (
    <div className={styles.choices}>
      <label className={choice.choice}>
        <input type="radio" name={name} checked={!scheduling} disabled={closed} onChange={onAsap} />
        <span className={choice.choiceTitle}>
          Lo antes posible
          {eta ? (
            <span className={styles.eta}>
              {' '}
              · {eta[0]}–{eta[1]} min
            </span>
          ) : null}
        </span>
      </label>
      <label className={choice.choice}>
        <input type="radio" name={name} checked={scheduling} onChange={onSchedule} />
        <span className={choice.choiceTitle}>Programar</span>
      </label>
    </div>
  );
}

interface DayPickerProps {
  /** The days one can order ahead for, today first. */
  days: readonly string[];
  today: string;
  value: string;
  onChange: (day: string) => void;
}

/** `Día`: Hoy, Mañana, then the weekday and date. */
function DayPicker({ days, today, value, onChange }: DayPickerProps) {
  return (
    <label className={styles.field}>
      <span>Día</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {days.map((d, i) => (
          <option key={d} value={d}>
            {dayName(d, today, i)}
          </option>
        ))}
      </select>
    </label>
  );
}

interface SlotPickerProps {
  /** The chosen day's slots at the branch. */
  slots: ReturnType<typeof useBranchSlots>;
  value: string | null;
  onChange: (slot: string | null) => void;
}

/** `Hora`: the day's 15-minute slots, a full one shown but not offered. */
function SlotPicker({ slots, value, onChange }: SlotPickerProps) {
  const available = slots.data?.results.filter((s) => s.available) ?? [];
  return (
    <label className={styles.field}>
      <span>Hora</span>
      <select
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        disabled={slots.isPending}
      >
        <option value="">
          {slots.isPending
            ? 'Cargando franjas…'
            : available.length === 0
              ? 'Sin franjas este día'
              : 'Elige una franja'}
        </option>
        {slots.data?.results.map((slot) => (
          <option key={slot.start} value={slot.start} disabled={!slot.available}>
            {chainClock(new Date(slot.start))}–{chainClock(new Date(slot.end))}
            {slot.full ? ' (llena)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

import { chainClock, chainToday, scheduleDays } from '@comanda/shared';
import { useEffect, useId, useState } from 'react';
import choice from '@/components/ui/choice.module.css';
import { useBranchSlots } from '../api/get-branch-slots';
import styles from './order-when.module.css';

interface OrderWhenProps {
  branchId: number | undefined;
  /** The chosen slot's start (ISO), or null for as soon as possible. */
  value: string | null;
  /** Whether the customer chose to schedule (a slot may not be picked yet). */
  scheduling: boolean;
  onChange: (scheduling: boolean, slot: string | null) => void;
}

const dayName = (day: string, today: string, index: number) => {
  if (day === today) return 'Hoy';
  if (index === 1) return 'Mañana';
  const date = new Date(`${day}T12:00:00Z`);
  const name = new Intl.DateTimeFormat('es-CO', {
    weekday: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * product.md «Order ahead»: `Lo antes posible` (with the queue's estimate) or `Programar` (a day
 * and a 15-minute slot). A closed branch says when it opens and offers only `Programar`. The
 * choices only: checkout and the menu's line each put them in a fieldset of their own.
 */
export function OrderWhen({ branchId, value, scheduling, onChange }: OrderWhenProps) {
  const name = useId();
  const [now] = useState(() => new Date());
  const today = chainToday(now);
  const days = scheduleDays(now);
  const [day, setDay] = useState(() => (value ? chainToday(new Date(value)) : today));
  const slots = useBranchSlots(branchId, day);
  const asap = slots.data?.asap;
  const closed = asap ? !asap.available : false;
  // Closed now: the only way on is to schedule.
  useEffect(() => {
    if (closed && !scheduling) onChange(true, null);
  }, [closed, scheduling, onChange]);
  const available = slots.data?.results.filter((s) => s.available) ?? [];

  return (
    <>
      {asap?.closed ? <p className={styles.closed}>{asap.closed}</p> : null}
      <div className={styles.choices}>
        <label className={choice.choice}>
          <input
            type="radio"
            name={name}
            checked={!scheduling}
            disabled={closed}
            onChange={() => onChange(false, null)}
          />
          <span className={choice.choiceTitle}>
            Lo antes posible
            {asap?.eta ? (
              <span className={styles.eta}>
                {' '}
                · {asap.eta[0]}–{asap.eta[1]} min
              </span>
            ) : null}
          </span>
        </label>
        <label className={choice.choice}>
          <input
            type="radio"
            name={name}
            checked={scheduling}
            onChange={() => onChange(true, value)}
          />
          <span className={choice.choiceTitle}>Programar</span>
        </label>
      </div>
      {scheduling ? (
        <div className={styles.pickers}>
          <label className={styles.field}>
            <span>Día</span>
            <select
              value={day}
              onChange={(event) => {
                setDay(event.target.value);
                onChange(true, null);
              }}
            >
              {days.map((d, i) => (
                <option key={d} value={d}>
                  {dayName(d, today, i)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>Hora</span>
            <select
              value={value ?? ''}
              onChange={(event) => onChange(true, event.target.value || null)}
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
        </div>
      ) : null}
    </>
  );
}

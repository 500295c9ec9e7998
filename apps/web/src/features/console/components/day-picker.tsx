import { addDays, BUSINESS_DAY_REACH_DAYS } from '@comanda/shared';
import { useId } from 'react';
import styles from './day-picker.module.css';

/**
 * Día's day: today unless another is chosen, back as far as the server keeps a business day
 * (BUSINESS_DAY_REACH_DAYS), never later than today. Dates are the chain's calendar days.
 */
export function DayPicker({
  date,
  today,
  onChange,
}: {
  date: string;
  today: string;
  onChange: (date: string) => void;
}) {
  const id = useId();
  const earliest = addDays(today, -BUSINESS_DAY_REACH_DAYS);
  const choose = (next: string) => {
    // An emptied field or a typed day out of reach keeps the day shown.
    if (next && next >= earliest && next <= today) onChange(next);
  };
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        Fecha
      </label>
      <input
        id={id}
        className={styles.input}
        type="date"
        value={date}
        min={earliest}
        max={today}
        onChange={(event) => choose(event.target.value)}
      />
      <button
        type="button"
        className={styles.step}
        disabled={date <= earliest}
        onClick={() => choose(addDays(date, -1))}
      >
        Día anterior
      </button>
      {date < today ? (
        <button type="button" className={styles.step} onClick={() => onChange(today)}>
          Hoy
        </button>
      ) : null}
    </div>
  );
}

import type { TimeRange } from '@comanda/shared';
import { useId } from 'react';
import { pastMidnight } from '../lib/branch-form';
import styles from './branches.module.css';

interface RangesFieldProps {
  /** What the ranges belong to, for labels read aloud: "Lunes", "2026-12-25". */
  label: string;
  ranges: readonly TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  /** What a new range starts as. */
  fresh?: TimeRange;
}

/**
 * The opening ranges of one day: each a pair of HH:MM fields with a remove button, and a button
 * to add one. A range that closes at or before it opens runs past midnight, and says so.
 */
export function RangesField({
  label,
  ranges,
  onChange,
  fresh = { opens: '11:00', closes: '22:00' },
}: RangesFieldProps) {
  const id = useId();
  const set = (index: number, change: Partial<TimeRange>) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  return (
    <div className={styles.ranges}>
      {ranges.length === 0 ? <p className={styles.closed}>Cerrado</p> : null}
      {ranges.map((range, index) => (
        <div key={index} className={styles.range}>
          <label className={styles.timeLabel} htmlFor={`${id}-${index}-opens`}>
            <span className="visually-hidden">
              {label}, horario {index + 1}:{' '}
            </span>
            Abre
          </label>
          <input
            id={`${id}-${index}-opens`}
            className={styles.time}
            value={range.opens}
            inputMode="numeric"
            placeholder="HH:MM"
            maxLength={5}
            onChange={(event) => set(index, { opens: event.target.value })}
          />
          <label className={styles.timeLabel} htmlFor={`${id}-${index}-closes`}>
            <span className="visually-hidden">
              {label}, horario {index + 1}:{' '}
            </span>
            Cierra
          </label>
          <input
            id={`${id}-${index}-closes`}
            className={styles.time}
            value={range.closes}
            inputMode="numeric"
            placeholder="HH:MM"
            maxLength={5}
            onChange={(event) => set(index, { closes: event.target.value })}
          />
          {pastMidnight(range) ? (
            <span className={styles.overnight}>hasta el día siguiente</span>
          ) : null}
          <button
            type="button"
            className={styles.removeButton}
            aria-label={`Quitar el horario ${index + 1} de ${label}`}
            onClick={() => onChange(ranges.filter((_, i) => i !== index))}
          >
            Quitar
          </button>
        </div>
      ))}
      <button
        type="button"
        className={styles.addButton}
        onClick={() => onChange([...ranges, fresh])}
        aria-label={`Agregar horario a ${label}`}
      >
        + Agregar horario
      </button>
    </div>
  );
}

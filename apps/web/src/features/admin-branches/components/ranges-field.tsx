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
  const set = (index: number, change: Partial<TimeRange>) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  return (
    <div className={styles.ranges}>
      {ranges.length === 0 ? <p className={styles.closed}>Cerrado</p> : null}
      {ranges.map((range, index) => (
        <RangeRow
          key={index}
          label={label}
          position={index + 1}
          range={range}
          onChange={(change) => set(index, change)}
          onRemove={() => onChange(ranges.filter((_, i) => i !== index))}
        />
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

interface RangeRowProps {
  label: string;
  position: number;
  range: TimeRange;
  onChange: (change: Partial<TimeRange>) => void;
  onRemove: () => void;
}

/** One range: when it opens and closes, whether it runs past midnight, and Quitar. */
function RangeRow({ label, position, range, onChange, onRemove }: RangeRowProps) {
  const id = useId();
  const time = (end: 'opens' | 'closes', word: string) => (
    <>
      <label className={styles.timeLabel} htmlFor={`${id}-${end}`}>
        <span className="visually-hidden">
          {label}, horario {position}:{' '}
        </span>
        {word}
      </label>
      <input
        id={`${id}-${end}`}
        className={styles.time}
        value={range[end]}
        inputMode="numeric"
        placeholder="HH:MM"
        maxLength={5}
        onChange={(event) => onChange({ [end]: event.target.value })}
      />
    </>
  );
  return (
    <div className={styles.range}>
      {time('opens', 'Abre')}
      {time('closes', 'Cierra')}
      {pastMidnight(range) ? (
        <span className={styles.overnight}>hasta el día siguiente</span>
      ) : null}
      <button
        type="button"
        className={styles.removeButton}
        aria-label={`Quitar el horario ${position} de ${label}`}
        onClick={onRemove}
      >
        Quitar
      </button>
    </div>
  );
}

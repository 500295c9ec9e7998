import { WEEKDAY_LABELS, type Daypart } from '@comanda/shared';
import { useId } from 'react';
import styles from './dayparts-field.module.css';

/** Monday first, as a week reads in Colombia. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
/** What a new window starts as: breakfast on weekdays, the most common daypart. */
const FRESH: Daypart = { days: [1, 2, 3, 4, 5], from: '06:00', to: '11:00' };

/** What the field says; a form whose windows are not sale hours says its own. */
export interface DaypartsTexts {
  legend: string;
  help: string;
  /** Said when there are no windows. */
  none: string;
  add: string;
  /** The remove button's name, read aloud: "Quitar el horario de venta 2". */
  remove: (number: number) => string;
}

/** Horario de venta, as both menu editors use it. */
const SALE_TEXTS: DaypartsTexts = {
  legend: 'Horario de venta',
  help: 'Hora de Colombia, formato 24 horas (HH:MM). Fuera de estos horarios no aparece en la tienda y no se puede pedir. Un horario que termina antes de empezar sigue hasta el día siguiente.',
  none: 'Se vende siempre.',
  add: '+ Agregar horario de venta',
  remove: (number) => `Quitar el horario de venta ${number}`,
};

interface DaypartsFieldProps {
  /** What the windows belong to, read aloud: "Desayunos". */
  label: string;
  /** The form field's name, so a failed save can focus it. */
  name: string;
  dayparts: readonly Daypart[];
  onChange: (dayparts: Daypart[]) => void;
  error?: string | undefined;
  texts?: DaypartsTexts;
}

/** The window runs past midnight: it ends at or before it starts (and is not 00:00–24:00). */
const overnight = ({ from, to }: Daypart) =>
  /^\d\d:\d\d$/.test(from) && /^\d\d:\d\d$/.test(to) && to <= from;

/**
 * Horario de venta (decision 047): the windows a category or a product is offered in, each its
 * weekdays and a from/to on the chain's clock. None: always offered. Used by both menu editors.
 */
export function DaypartsField({
  label,
  name,
  dayparts,
  onChange,
  error,
  texts = SALE_TEXTS,
}: DaypartsFieldProps) {
  const id = useId();
  const set = (index: number, change: Partial<Daypart>) =>
    onChange(dayparts.map((d, i) => (i === index ? { ...d, ...change } : d)));
  const toggle = (index: number, weekday: number) => {
    const days = dayparts[index]?.days ?? [];
    set(index, {
      days: days.includes(weekday) ? days.filter((d) => d !== weekday) : [...days, weekday],
    });
  };
  return (
    <fieldset
      className={styles.field}
      name={name}
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : `${id}-help`}
    >
      <legend className={styles.legend}>{texts.legend}</legend>
      <p id={`${id}-help`} className={styles.help}>
        {texts.help}
      </p>
      {dayparts.length === 0 ? <p className={styles.always}>{texts.none}</p> : null}
      {dayparts.map((daypart, index) => (
        <DaypartWindow
          key={index}
          id={`${id}-${index}`}
          label={`${label}, horario ${index + 1}: `}
          number={index + 1}
          daypart={daypart}
          onToggle={(weekday) => toggle(index, weekday)}
          onSet={(change) => set(index, change)}
          removeLabel={texts.remove(index + 1)}
          onRemove={() => onChange(dayparts.filter((_, i) => i !== index))}
        />
      ))}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className={styles.addButton}
        onClick={() => onChange([...dayparts, { ...FRESH, days: [...FRESH.days] }])}
      >
        {texts.add}
      </button>
    </fieldset>
  );
}

interface DaypartWindowProps {
  /** Unique on the page: the times' ids start with it. */
  id: string;
  /** What each time's label starts with, read aloud only: "Desayunos, horario 1: ". */
  label: string;
  /** Its place in the list, from 1. */
  number: number;
  daypart: Daypart;
  onToggle: (weekday: number) => void;
  onSet: (change: Partial<Daypart>) => void;
  removeLabel: string;
  onRemove: () => void;
}

/** One window: its weekdays, from and to, and a way to remove it. */
function DaypartWindow({
  id,
  label,
  number,
  daypart,
  onToggle,
  onSet,
  removeLabel,
  onRemove,
}: DaypartWindowProps) {
  return (
    <div className={styles.window} role="group" aria-label={`Horario ${number}`}>
      <p className={styles.windowTitle}>Horario {number}</p>
      <div className={styles.days}>
        {WEEK_ORDER.map((weekday) => (
          <label key={weekday} className={styles.day}>
            <input
              type="checkbox"
              checked={daypart.days.includes(weekday)}
              onChange={() => onToggle(weekday)}
            />
            <span aria-hidden="true">{(WEEKDAY_LABELS[weekday] ?? '').slice(0, 3)}</span>
            <span className="visually-hidden">{WEEKDAY_LABELS[weekday]}</span>
          </label>
        ))}
      </div>
      <div className={styles.times}>
        <TimeInput
          id={`${id}-from`}
          label={label}
          text="Desde"
          value={daypart.from}
          onChange={(from) => onSet({ from })}
        />
        <TimeInput
          id={`${id}-to`}
          label={label}
          text="Hasta"
          value={daypart.to}
          onChange={(to) => onSet({ to })}
        />
        {overnight(daypart) ? (
          <span className={styles.overnight}>hasta el día siguiente</span>
        ) : null}
        <button
          type="button"
          className={styles.removeButton}
          aria-label={removeLabel}
          onClick={onRemove}
        >
          Quitar
        </button>
      </div>
    </div>
  );
}

/** A time typed as HH:MM, its visible label (`text`) after the window's unseen one (`label`). */
function TimeInput({
  id,
  label,
  text,
  value,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className={styles.timeLabel} htmlFor={id}>
        <span className="visually-hidden">{label}</span>
        {text}
      </label>
      <input
        id={id}
        className={styles.time}
        value={value}
        inputMode="numeric"
        placeholder="HH:MM"
        maxLength={5}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

import { useId, type ReactNode } from 'react';
import styles from './segmented-control.module.css';

export interface SegmentedOption<T extends string | number> {
  value: T;
  label: string;
  icon?: ReactNode;
}

interface SegmentedControlProps<T extends string | number> {
  /** Spanish name of the choice, read by screen readers. */
  legend: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A pill-shaped single choice built on radio buttons, so arrow keys and screen readers just work. */
export function SegmentedControl<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className={[styles.group, className].filter(Boolean).join(' ')}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)} className={styles.option}>
          <input
            className={styles.input}
            type="radio"
            name={name}
            value={String(option.value)}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.icon}
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

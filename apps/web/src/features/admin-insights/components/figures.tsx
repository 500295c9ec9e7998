import type { ReactNode } from 'react';
import { describeChange } from '../lib/change';
import styles from './insights.module.css';

/** A card's headline figures, in a row that wraps. */
export function Figures({ children }: { children: ReactNode }) {
  return <dl className={styles.figures}>{children}</dl>;
}

interface FigureProps {
  label: string;
  value: string;
  /** This figure and the previous period's, to show the change; absent without a comparison. */
  compare?: { current: number; previous: number } | null | undefined;
  /** Rejections, lateness: fewer is the good news. */
  lowerIsBetter?: boolean;
  /** A figure in words ("Viernes 12:00 · 8 pedidos") rather than a number: smaller type. */
  words?: boolean;
}

export function Figure({ label, value, compare, lowerIsBetter = false, words }: FigureProps) {
  return (
    <div className={styles.figure}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={`${styles.figureValue} ${words ? styles.figureWords : ''}`}>
        {value}
        {compare ? <Trend {...compare} lowerIsBetter={lowerIsBetter} /> : null}
      </dd>
    </div>
  );
}

interface TrendProps {
  current: number;
  previous: number;
  lowerIsBetter?: boolean;
}

/**
 * "▲ +12,5 %": the arrow and the sign say the direction, the colour (blue good, vermilion bad,
 * told apart by colour-blind eyes too) whether it is good news, the words say both to a screen
 * reader.
 */
export function Trend({ current, previous, lowerIsBetter = false }: TrendProps) {
  const change = describeChange(current, previous);
  const tone =
    change.trend === 'same' ? 'same' : (change.trend === 'up') !== lowerIsBetter ? 'good' : 'bad';
  return (
    <span className={styles.trend} data-tone={tone}>
      <span aria-hidden="true">{change.text}</span>
      <span className="visually-hidden">{change.label}</span>
    </span>
  );
}

import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useWidth } from '../../hooks/use-width';
import { PALETTE } from '../../lib/palette';
import styles from './charts.module.css';

export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** The value as the row says it ("12 u · $120.000", "87,5 %"). */
  text: string;
  color?: string;
}

interface BarListProps {
  items: readonly BarItem[];
  /** The chart in one sentence for a screen reader; the table has the numbers. */
  label: string;
  /** The bars' full length (100 for percentages); the largest value otherwise. */
  max?: number;
}

const ROW = 46;
/** Room left for the value when a long name is cut. */
const VALUE_ROOM = 130;
const CHAR = 7.6;

const cut = (text: string, room: number) => {
  const fits = Math.max(4, Math.floor(room / CHAR));
  return text.length <= fits ? text : `${text.slice(0, fits - 1)}…`;
};

/**
 * Horizontal bars, one row each: the name and its value on a line, the bar under them over a
 * pale track, so a long product name never hides a number and the lengths compare at a glance.
 */
export function BarList({ items, label, max }: BarListProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = items.length * ROW;
  return (
    <div ref={ref} className={styles.canvas} style={{ height }}>
      {width > 0 ? (
        <svg width={width} height={height} role="img" aria-label={label} className={styles.svg}>
          <Rows items={items} width={width} max={max} />
        </svg>
      ) : null}
    </div>
  );
}

function Rows({
  items,
  width,
  max,
}: {
  items: readonly BarItem[];
  width: number;
  max?: number | undefined;
}) {
  const x = scaleLinear({
    domain: [0, max ?? Math.max(1, ...items.map((item) => item.value))],
    range: [0, width],
    clamp: true,
  });
  return items.map((item, index) => (
    <Group key={item.key} top={index * ROW}>
      <text y={16} className={styles.barName}>
        <title>{item.label}</title>
        {cut(item.label, width - VALUE_ROOM)}
      </text>
      <text x={width} y={16} textAnchor="end" className={styles.barValue}>
        {item.text}
      </text>
      <rect y={24} width={width} height={14} rx={3} fill={PALETTE.grid} opacity={0.55} />
      <Bar
        y={24}
        width={Math.max(item.value > 0 ? 3 : 0, x(item.value))}
        height={14}
        rx={3}
        fill={item.color ?? PALETTE.current}
      />
    </Group>
  ));
}

import type { HeatmapReport } from '@comanda/shared';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useWidth } from '../../hooks/use-width';
import { formatCount, hourName, WEEKDAY_NAMES } from '../../lib/format';
import { PALETTE } from '../../lib/palette';
import styles from './charts.module.css';

type Cell = HeatmapReport['cells'][number];

const CELL_HEIGHT = 30;
const MARGIN = { top: 22, left: 44 };
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];
/** Wide enough for a number inside the cell. */
const ROOM_FOR_NUMBER = 26;

/**
 * Orders by weekday (rows, Monday first) × hour (columns): one blue from pale to dark, the
 * darkest the busiest; with room, each cell also says its count, and the table has them all.
 */
export function HeatmapChart({ cells, label }: { cells: readonly Cell[]; label: string }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = MARGIN.top + 7 * CELL_HEIGHT;
  return (
    <div className={styles.chart}>
      <div ref={ref} className={styles.canvas} style={{ height }}>
        {width > 0 ? (
          <svg width={width} height={height} role="img" aria-label={label} className={styles.svg}>
            <Grid cells={cells} width={width} />
          </svg>
        ) : null}
      </div>
      <HeatLegend max={Math.max(0, ...cells.map((cell) => cell.orders))} />
    </div>
  );
}

function Grid({ cells, width }: { cells: readonly Cell[]; width: number }) {
  const x = scaleBand({ domain: HOURS, range: [0, width - MARGIN.left], padding: 0.06 });
  const y = scaleBand({ domain: [...WEEKDAYS], range: [0, 7 * CELL_HEIGHT], padding: 0.06 });
  const max = Math.max(1, ...cells.map((cell) => cell.orders));
  const colour = scaleLinear({ domain: [0, max], range: [PALETTE.heatLow, PALETTE.heatHigh] });
  const every = x.bandwidth() >= 30 ? 2 : x.bandwidth() >= 16 ? 3 : 6;
  const numbers = x.bandwidth() >= ROOM_FOR_NUMBER;
  return (
    <Group left={MARGIN.left} top={MARGIN.top}>
      {HOURS.filter((hour) => hour % every === 0).map((hour) => (
        <text key={hour} x={(x(hour) ?? 0) + 2} y={-8} className={styles.tick}>
          {hourName(hour).slice(0, 2)}
        </text>
      ))}
      {WEEKDAYS.map((weekday) => (
        <text
          key={weekday}
          x={-8}
          y={(y(weekday) ?? 0) + y.bandwidth() / 2}
          dy="0.32em"
          textAnchor="end"
          className={styles.tick}
        >
          {WEEKDAY_NAMES[weekday - 1]!.slice(0, 3)}
        </text>
      ))}
      {cells.map((cell) => (
        <g
          key={`${cell.weekday}-${cell.hour}`}
          transform={`translate(${x(cell.hour) ?? 0}, ${y(cell.weekday) ?? 0})`}
        >
          <rect width={x.bandwidth()} height={y.bandwidth()} rx={3} fill={colour(cell.orders)}>
            <title>{`${WEEKDAY_NAMES[cell.weekday - 1]} ${hourName(cell.hour)}: ${formatCount(cell.orders)} pedidos`}</title>
          </rect>
          {numbers && cell.orders > 0 ? (
            <text
              x={x.bandwidth() / 2}
              y={y.bandwidth() / 2}
              dy="0.32em"
              textAnchor="middle"
              className={styles.cellNumber}
              // Dark text on the pale half, white on the dark: both keep their contrast.
              fill={cell.orders / max > 0.62 ? '#fff' : '#1f1a17'}
            >
              {cell.orders}
            </text>
          ) : null}
        </g>
      ))}
    </Group>
  );
}

/** The scale in words at its ends: "Menos" pale … the busiest cell's count, dark. */
function HeatLegend({ max }: { max: number }) {
  const colour = scaleLinear({ domain: [0, 4], range: [PALETTE.heatLow, PALETTE.heatHigh] });
  return (
    <p className={styles.heatLegend}>
      <span>Menos</span>
      <svg width="110" height="14" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((step) => (
          <rect key={step} x={step * 22} width="22" height="14" fill={colour(step)} />
        ))}
      </svg>
      <span>Más ({formatCount(max)} pedidos)</span>
    </p>
  );
}

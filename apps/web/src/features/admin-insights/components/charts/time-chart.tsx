import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useWidth } from '../../hooks/use-width';
import { PALETTE } from '../../lib/palette';
import { ChartLegend } from './chart-legend';
import styles from './charts.module.css';

export interface TimePoint {
  key: string;
  /** The axis's short name of the point ("14:00", "30/11"). */
  label: string;
  /** null: nothing to show there (an hour with no order measured), no bar rather than a 0. */
  value: number | null;
  /** The same position in the previous period; null without a comparison. */
  previous: number | null;
}

interface TimeChartProps {
  points: readonly TimePoint[];
  /** The chart in one sentence for a screen reader; the table has the numbers. */
  label: string;
  /** A value in full ("$12.500"), for a bar's hover title. */
  format: (value: number) => string;
  /** A value on the axis, short ("$12 mil"). */
  axisFormat: (value: number) => string;
  /** The top of the scale when it is fixed (100 for percentages). */
  max?: number;
}

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 64 };
/** Room one axis label needs, so the labels of 30 days or 24 hours never overlap. */
const LABEL_ROOM = 46;

/**
 * Over time: this period as bars, the previous one (when compared) as a dashed line over them,
 * so the two read apart by shape as well as by colour.
 */
export function TimeChart({ points, label, format, axisFormat, max }: TimeChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const compared = points.some((point) => point.previous !== null);
  return (
    <div className={styles.chart}>
      <div ref={ref} className={styles.canvas} style={{ height: HEIGHT }}>
        {width > 0 ? <TimeSvg {...{ points, label, format, axisFormat, max, width }} /> : null}
      </div>
      <ChartLegend
        items={[
          { name: 'Este periodo', color: PALETTE.current, shape: 'bar' },
          ...(compared
            ? [{ name: 'Periodo anterior', color: PALETTE.previous, shape: 'dash' as const }]
            : []),
        ]}
      />
    </div>
  );
}

/** The previous period's line: another hue and dashed, so it never reads as this period's. */
const DASHED = { stroke: PALETTE.previous, strokeWidth: 2.5, strokeDasharray: '6 4' } as const;

/** The value scale's lines across the chart, their values on the left. */
function ValueAxis({
  y,
  width,
  format,
}: {
  y: ReturnType<typeof scaleLinear<number>>;
  width: number;
  format: (value: number) => string;
}) {
  return y.ticks(4).map((tick) => (
    <g key={tick} transform={`translate(0, ${y(tick)})`}>
      <line x2={width} stroke={PALETTE.grid} />
      <text x={-8} dy="0.32em" textAnchor="end" className={styles.tick}>
        {format(tick)}
      </text>
    </g>
  ));
}

/** The chart's scales at `width`, and every how many points an axis label fits. */
function scalesOf(points: readonly TimePoint[], width: number, max: number | undefined) {
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({ domain: points.map((p) => p.key), range: [0, innerWidth], padding: 0.2 });
  const top = max ?? Math.max(1, ...points.flatMap((p) => [p.value ?? 0, p.previous ?? 0]));
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: max === undefined });
  const fit = Math.max(1, Math.floor(innerWidth / LABEL_ROOM));
  return { innerWidth, innerHeight, x, y, every: Math.max(1, Math.ceil(points.length / fit)) };
}

function TimeSvg({
  points,
  label,
  format,
  axisFormat,
  max,
  width,
}: TimeChartProps & { width: number }) {
  const { innerWidth, innerHeight, x, y, every } = scalesOf(points, width, max);
  const middle = x.bandwidth() / 2;
  const previous = points.filter((p) => p.previous !== null);
  return (
    <svg width={width} height={HEIGHT} role="img" aria-label={label} className={styles.svg}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <ValueAxis y={y} width={innerWidth} format={axisFormat} />
        {points.map((point, index) => (
          <g key={point.key}>
            {point.value === null ? null : (
              <Bar
                x={x(point.key)}
                y={y(point.value)}
                width={x.bandwidth()}
                height={innerHeight - y(point.value)}
                fill={PALETTE.current}
              >
                <title>{`${point.label}: ${format(point.value)}`}</title>
              </Bar>
            )}
            {index % every === 0 ? (
              <text
                x={(x(point.key) ?? 0) + middle}
                y={innerHeight + 18}
                textAnchor="middle"
                className={styles.tick}
              >
                {point.label}
              </text>
            ) : null}
          </g>
        ))}
        {previous.length > 0 ? (
          <LinePath
            data={previous}
            x={(p) => (x(p.key) ?? 0) + middle}
            y={(p) => y(p.previous ?? 0)}
            {...DASHED}
          />
        ) : null}
        <line y1={innerHeight} y2={innerHeight} x2={innerWidth} stroke={PALETTE.axis} />
      </Group>
    </svg>
  );
}

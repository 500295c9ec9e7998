import styles from './charts.module.css';

export interface LegendItem {
  name: string;
  color: string;
  /** A bar's swatch, a dashed line's, or a dot. */
  shape: 'bar' | 'dash' | 'dot';
}

/** What each colour and line of a chart is, in words. */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  if (items.length < 2) return null;
  return (
    <ul className={styles.legend}>
      {items.map((item) => (
        <li key={item.name} className={styles.legendItem}>
          <svg width="22" height="12" aria-hidden="true">
            {item.shape === 'dash' ? (
              <line
                x1="0"
                x2="22"
                y1="6"
                y2="6"
                stroke={item.color}
                strokeWidth="3"
                strokeDasharray="6 3"
              />
            ) : item.shape === 'dot' ? (
              <circle cx="11" cy="6" r="5" fill={item.color} />
            ) : (
              <rect width="22" height="12" rx="2" fill={item.color} />
            )}
          </svg>
          {item.name}
        </li>
      ))}
    </ul>
  );
}

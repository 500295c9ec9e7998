import type { HeatmapReport } from '@comanda/shared';
import { useInsights } from '../api/get-insights';
import { formatCount, hourName, WEEKDAY_NAMES } from '../lib/format';
import { HeatmapChart } from './charts/heatmap-chart';
import { DataTable, type Column } from './data-table';
import { Figure, Figures } from './figures';
import { ReportCard, type ReportContext } from './report-card';

type Cell = HeatmapReport['cells'][number];

/** The busiest weekday and hour of the period: where to put staff. */
function busiest(cells: readonly Cell[]): Cell | null {
  return cells.reduce<Cell | null>(
    (best, cell) => (cell.orders > (best?.orders ?? 0) ? cell : best),
    null,
  );
}

/** Mapa de calor: orders by weekday × hour; the table has one row per weekday, 24 hour columns. */
export function HeatmapCard({ context }: { context: ReportContext }) {
  const query = useInsights('heatmap', context.scope, context.period);
  return (
    <ReportCard
      title="Mapa de calor: día y hora"
      report="heatmap"
      context={context}
      query={query}
      wide
      parts={(data) => {
        const peak = busiest(data.cells);
        return {
          empty: peak === null,
          figures: peak ? (
            <Figures>
              <Figure
                words
                label="Hora más movida"
                value={`${WEEKDAY_NAMES[peak.weekday - 1]} ${hourName(peak.hour)} · ${formatCount(peak.orders)} pedidos`}
              />
            </Figures>
          ) : null,
          chart: (
            <HeatmapChart
              cells={data.cells}
              label="Pedidos por día de la semana y hora: más oscuro, más pedidos. Los números están en la tabla."
            />
          ),
          table: <HeatmapTable cells={data.cells} />,
        };
      }}
    />
  );
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function HeatmapTable({ cells }: { cells: readonly Cell[] }) {
  const count = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.orders]));
  const rows = WEEKDAY_NAMES.map((name, index) => ({ name, weekday: index + 1 }));
  const columns: Column<(typeof rows)[number]>[] = [
    { header: 'Día', cell: (row) => row.name },
    ...HOURS.map((hour) => ({
      header: hourName(hour),
      cell: (row: (typeof rows)[number]) => formatCount(count.get(`${row.weekday}-${hour}`) ?? 0),
      numeric: true,
    })),
  ];
  return (
    <DataTable
      caption="Pedidos por día de la semana (filas) y hora (columnas)"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.weekday}
    />
  );
}

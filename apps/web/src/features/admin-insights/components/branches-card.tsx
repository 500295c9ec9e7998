import { formatMoney } from '@comanda/shared';
import { useState } from 'react';
import { useInsights } from '../api/get-insights';
import { formatCount, formatPct } from '../lib/format';
import {
  DEFAULT_SORT,
  LEAGUE_COLUMNS,
  nextSort,
  sortLeague,
  type LeagueKey,
  type LeagueRow,
  type LeagueSort,
} from '../lib/league';
import { Trend } from './figures';
import { ReportCard, type ReportContext } from './report-card';
import styles from './insights.module.css';

/** Tabla de sedes (admins): every branch's figures side by side, sorted by any column. */
export function BranchesCard({ context }: { context: ReportContext }) {
  const query = useInsights('branches', context.scope, context.period);
  return (
    <ReportCard
      title="Tabla de sedes"
      report="branches"
      context={context}
      query={query}
      wide
      parts={(data) => ({
        empty: data.rows.every((row) => row.orders === 0 && (row.previous?.orders ?? 0) === 0),
        // The table is the picture: always shown, no second copy behind «Ver tabla».
        chart: <LeagueTable rows={data.rows} compared={data.previous !== null} />,
      })}
    />
  );
}

const CELLS: Record<Exclude<LeagueKey, 'name'>, (value: number | null) => string> = {
  sales: (value) => formatMoney(value ?? 0),
  orders: (value) => formatCount(value ?? 0),
  average_ticket: (value) => formatMoney(value ?? 0),
  promise_kept_pct: formatPct,
  rejected: (value) => formatCount(value ?? 0),
};

function LeagueTable({ rows, compared }: { rows: readonly LeagueRow[]; compared: boolean }) {
  const [sort, setSort] = useState<LeagueSort>(DEFAULT_SORT);
  return (
    <>
      <p className={styles.muted}>
        Toca un encabezado para ordenar
        {compared ? '; bajo cada cifra, el cambio frente al periodo anterior' : ''}.
      </p>
      <div className={styles.tableWrap} role="region" aria-label="Sedes del periodo" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.caption}>Sedes del periodo</caption>
          <LeagueHead sort={sort} onSort={(key) => setSort(nextSort(sort, key))} />
          <tbody>
            {sortLeague(rows, sort).map((row) => (
              <LeagueLine key={row.branch_id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The headers as buttons; the sorted one says so (aria-sort) and shows its arrow. */
function LeagueHead({ sort, onSort }: { sort: LeagueSort; onSort: (key: LeagueKey) => void }) {
  return (
    <thead>
      <tr>
        {LEAGUE_COLUMNS.map((column) => (
          <th
            key={column.key}
            scope="col"
            aria-sort={sort.key === column.key ? sort.direction : undefined}
            className={column.key === 'name' ? '' : styles.numeric}
          >
            <button type="button" className={styles.sort} onClick={() => onSort(column.key)}>
              {column.header}
              <span aria-hidden="true" className={styles.sortMark}>
                {sort.key !== column.key ? '↕' : sort.direction === 'ascending' ? '↑' : '↓'}
              </span>
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );
}

function LeagueLine({ row }: { row: LeagueRow }) {
  return (
    <tr>
      <th scope="row">{row.name}</th>
      {LEAGUE_COLUMNS.slice(1).map(({ key }) => {
        const column = key as Exclude<LeagueKey, 'name'>;
        const before = row.previous?.[column];
        const now = row[column];
        return (
          <td key={column} className={styles.numeric}>
            {CELLS[column](now)}
            {row.previous && now !== null && before !== null && before !== undefined ? (
              <Trend current={now} previous={before} lowerIsBetter={column === 'rejected'} />
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}

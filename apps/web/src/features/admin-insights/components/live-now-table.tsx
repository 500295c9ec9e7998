import { formatMoney, type LiveBranch } from '@comanda/shared';
import {
  needsCall,
  nextLiveSort,
  stateText,
  waitedMinutes,
  waitedText,
  waitsTooLong,
  type LiveSort,
  type LiveSortKey,
} from '../lib/live-now';
import styles from './live-now.module.css';

const COLUMNS: { key: LiveSortKey; header: string; numeric: boolean }[] = [
  { key: 'name', header: 'Sede', numeric: false },
  { key: 'state', header: 'Estado', numeric: false },
  { key: 'rush_minutes', header: 'Alta demanda', numeric: true },
  { key: 'waiting', header: 'Esperando', numeric: true },
  { key: 'late', header: 'Atrasados', numeric: true },
  { key: 'oldest', header: 'Espera más larga', numeric: false },
  { key: 'couriers_out', header: 'Domiciliarios en la calle', numeric: true },
  { key: 'sales', header: 'Ventas de hoy', numeric: true },
];

/** The table's headers, each a button that sorts by its column (with `aria-sort`). */
export function LiveHeader({ sort, onSort }: { sort: LiveSort; onSort: (sort: LiveSort) => void }) {
  return (
    <thead>
      <tr>
        {COLUMNS.map((column) => (
          <th
            key={column.key}
            scope="col"
            aria-sort={sort.key === column.key ? sort.direction : undefined}
            className={column.numeric ? styles.numeric : undefined}
          >
            <button
              type="button"
              className={styles.sort}
              onClick={() => onSort(nextLiveSort(sort, column.key))}
            >
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

/** One branch now; a branch to phone is tinted, barred and says «Llamar». */
export function LiveRow({ branch, at }: { branch: LiveBranch; at: string }) {
  const call = needsCall(branch, at);
  const waited = waitedMinutes(branch, at);
  return (
    <tr className={call ? styles.call : undefined} data-branch={branch.branch_id}>
      <th scope="row">
        <span className={styles.branch}>
          {branch.name}
          {call ? <span className={styles.callTag}>Llamar</span> : null}
        </span>
      </th>
      <td>
        <span className={styles.badge} data-state={branch.state}>
          {stateText(branch)}
        </span>
      </td>
      <td className={styles.numeric}>
        {branch.rush_minutes > 0 ? `+${branch.rush_minutes} min` : '—'}
      </td>
      <td className={styles.numeric}>{branch.waiting}</td>
      <td className={`${styles.numeric} ${branch.late > 0 ? styles.alert : ''}`}>{branch.late}</td>
      <td className={waitsTooLong(branch, at) ? styles.alert : undefined}>{waitedText(waited)}</td>
      <td className={styles.numeric}>{branch.couriers_out}</td>
      <td className={styles.numeric}>
        {formatMoney(branch.today.sales)}{' '}
        <span className={styles.muted}>
          ({branch.today.orders} {branch.today.orders === 1 ? 'pedido' : 'pedidos'})
        </span>
      </td>
    </tr>
  );
}

import type { PlacedOrder } from '@comanda/shared';
import { useState } from 'react';
import { BOARD_COLUMNS, groupBoard, type ColumnKey } from '../lib/board';
import type { OrderAction } from '../lib/order-actions';
import { OrderCard } from './order-card';
import styles from './order-board.module.css';

interface OrderBoardProps {
  orders: readonly PlacedOrder[];
  now: Date;
  busyIds: ReadonlySet<number>;
  onAction: (order: PlacedOrder, action: OrderAction) => void;
  onPrint: (order: PlacedOrder) => void;
}

const EMPTY: Record<ColumnKey, string> = {
  new: 'Sin pedidos nuevos.',
  preparing: 'Nada en preparación.',
  ready: 'Nada listo por entregar.',
  on_the_way: 'Ningún domicilio en camino.',
};

/**
 * The open orders in four columns on a tablet; on a phone one column at a time, chosen with
 * buttons that carry each column's count, so nothing waiting goes unseen.
 */
export function OrderBoard({ orders, now, busyIds, onAction, onPrint }: OrderBoardProps) {
  const columns = groupBoard(orders);
  const [shown, setShown] = useState<ColumnKey>('new');
  return (
    <div className={styles.board}>
      <div className={styles.picker} role="group" aria-label="Columna del tablero">
        {BOARD_COLUMNS.map((column) => (
          <button
            key={column.key}
            type="button"
            className={`${styles.pick} ${shown === column.key ? styles.picked : ''} ${column.key === 'new' && columns.new.length > 0 ? styles.pickAlert : ''}`}
            aria-pressed={shown === column.key}
            onClick={() => setShown(column.key)}
          >
            <span className={styles.pickCount}>{columns[column.key].length}</span>
            <span className={styles.pickTitle}>{column.title}</span>
          </button>
        ))}
      </div>
      <div className={styles.columns}>
        {BOARD_COLUMNS.map((column) => (
          <section
            key={column.key}
            className={`${styles.column} ${styles[column.key]} ${shown === column.key ? styles.current : ''}`}
            aria-labelledby={`columna-${column.key}`}
            data-column={column.key}
          >
            <h2 id={`columna-${column.key}`} className={styles.columnTitle}>
              {column.title} <span className={styles.count}>{columns[column.key].length}</span>
            </h2>
            {columns[column.key].length === 0 ? (
              <p className={styles.empty}>{EMPTY[column.key]}</p>
            ) : (
              <ul className={styles.cards}>
                {columns[column.key].map((order) => (
                  <li key={order.id}>
                    <OrderCard
                      order={order}
                      now={now}
                      busy={busyIds.has(order.id)}
                      onAction={onAction}
                      onPrint={onPrint}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

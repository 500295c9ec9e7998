import type { PlacedOrder } from '@comanda/shared';
import { useState, type CSSProperties, type ReactNode } from 'react';
import type { BoardView } from '../hooks/use-board-view';
import { allDay, BOARD_COLUMNS, groupBoard, type ColumnKey } from '../lib/board';
import type { OrderAction } from '../lib/order-actions';
import { OrderCard } from './order-card';
import { OrderRow } from './order-row';
import styles from './order-board.module.css';

/**
 * A lane of the board that is not one of the four status columns (scheduled orders, say): its
 * own component fills it, the board gives it a column, a sticky heading and its own scroll.
 */
export interface BoardLane {
  key: string;
  title: string;
  count: number;
  content: ReactNode;
}

interface OrderBoardProps {
  orders: readonly PlacedOrder[];
  now: Date;
  busyIds: ReadonlySet<number>;
  /** Changes taken without a connection, by order: shown on the card until sent or refused. */
  pending?: ReadonlyMap<number, string>;
  view: BoardView;
  onViewChange: (view: BoardView) => void;
  onAction: (order: PlacedOrder, action: OrderAction) => void;
  onPrint: (order: PlacedOrder) => void;
  /** Gives money back of an order paid online. */
  onRefund?: (order: PlacedOrder) => void;
  /** Lanes shown before the status columns. */
  lanes?: readonly BoardLane[];
}

const EMPTY: Record<ColumnKey, string> = {
  new: 'Sin pedidos nuevos.',
  preparing: 'Nada en preparación.',
  ready: 'Nada listo por entregar.',
  on_the_way: 'Ningún domicilio en camino.',
};

/**
 * The open orders in columns side by side on a tablet, each scrolling on its own under a heading
 * that stays; on a phone one column at a time, chosen with buttons that carry each column's
 * count, so nothing waiting goes unseen. Above them, the all-day count and the view switch.
 */
export function OrderBoard(props: OrderBoardProps) {
  const { orders, now, busyIds, pending, view, onAction, onPrint, onRefund, lanes = [] } = props;
  const grouped = groupBoard(orders);
  const columns = [
    ...lanes.map((lane) => ({ key: lane.key, title: lane.title, count: lane.count })),
    ...BOARD_COLUMNS.map((column) => ({
      key: column.key,
      title: column.title,
      count: grouped[column.key].length,
    })),
  ];
  const [shown, setShown] = useState<string>('new');
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const counts = allDay(orders);

  const toggle = (order: PlacedOrder) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(order.id)) next.add(order.id);
      return next;
    });

  const renderOrder = (order: PlacedOrder) =>
    view === 'compact' && !opened.has(order.id) ? (
      <OrderRow
        order={order}
        now={now}
        busy={busyIds.has(order.id)}
        pending={pending?.get(order.id)}
        onAction={onAction}
        onOpen={toggle}
      />
    ) : (
      <OrderCard
        order={order}
        now={now}
        busy={busyIds.has(order.id)}
        pending={pending?.get(order.id)}
        onAction={onAction}
        onPrint={onPrint}
        onRefund={onRefund}
        onCollapse={view === 'compact' ? toggle : undefined}
      />
    );

  return (
    <div className={`${styles.board} ${view === 'compact' ? styles.compact : ''}`}>
      <div className={styles.toolbar}>
        <section className={styles.allDay} aria-labelledby="por-preparar">
          <h2 id="por-preparar" className={styles.allDayTitle}>
            Por preparar
          </h2>
          {counts.length === 0 ? (
            <p className={styles.allDayEmpty}>Nada por preparar.</p>
          ) : (
            <ul className={styles.allDayList}>
              {counts.map((count) => (
                <li key={count.product_id} className={styles.allDayItem}>
                  <strong>{count.quantity}×</strong> {count.title}
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className={styles.views} role="group" aria-label="Vista del tablero">
          {(
            [
              ['cards', 'Tarjetas'],
              ['compact', 'Compacta'],
            ] as const
          ).map(([key, label]) => (
            <button
              key={key}
              type="button"
              className={styles.viewButton}
              aria-pressed={view === key}
              onClick={() => props.onViewChange(key)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      <div className={styles.picker} role="group" aria-label="Columna del tablero">
        {columns.map((column) => (
          <button
            key={column.key}
            type="button"
            className={`${styles.pick} ${shown === column.key ? styles.picked : ''} ${column.key === 'new' && column.count > 0 ? styles.pickAlert : ''}`}
            aria-pressed={shown === column.key}
            onClick={() => setShown(column.key)}
          >
            <span className={styles.pickCount}>{column.count}</span>
            <span className={styles.pickTitle}>{column.title}</span>
          </button>
        ))}
      </div>
      <div className={styles.columns} style={{ '--lanes': columns.length } as CSSProperties}>
        {lanes.map((lane) => (
          <Column key={lane.key} id={lane.key} title={lane.title} count={lane.count} shown={shown}>
            {lane.content}
          </Column>
        ))}
        {BOARD_COLUMNS.map((column) => (
          <Column
            key={column.key}
            id={column.key}
            title={column.title}
            count={grouped[column.key].length}
            shown={shown}
          >
            {grouped[column.key].length === 0 ? (
              <p className={styles.empty}>{EMPTY[column.key]}</p>
            ) : (
              <ul className={styles.cards}>
                {grouped[column.key].map((order) => (
                  <li key={order.id}>{renderOrder(order)}</li>
                ))}
              </ul>
            )}
          </Column>
        ))}
      </div>
    </div>
  );
}

function Column(props: {
  id: string;
  title: string;
  count: number;
  shown: string;
  children: ReactNode;
}) {
  const { id, title, count, shown } = props;
  return (
    <section
      className={`${styles.column} ${styles[id] ?? ''} ${shown === id ? styles.current : ''}`}
      aria-labelledby={`columna-${id}`}
      data-column={id}
      // A column that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
    >
      <h2 id={`columna-${id}`} className={styles.columnTitle}>
        {title} <span className={styles.count}>{count}</span>
      </h2>
      {props.children}
    </section>
  );
}

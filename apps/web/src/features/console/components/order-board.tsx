import type { BranchConsole, PlacedOrder } from '@comanda/shared';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useBoardDispatch } from '../hooks/use-board-dispatch';
import { useBoardSelection, type BoardSelection } from '../hooks/use-board-selection';
import type { BoardView } from '../hooks/use-board-view';
import { useMasonryRows } from '../hooks/use-masonry-rows';
import { allDay, BOARD_COLUMNS, groupBoard, type ColumnKey } from '../lib/board';
import { couriersOnShift } from '../lib/dispatch';
import type { OrderAction } from '../lib/order-actions';
import type { CardDispatch } from './card-courier';
import { CouriersStrip } from './couriers-strip';
import { DispatchDialog } from './dispatch-dialog';
import { OrderCard } from './order-card';
import { OrderRow } from './order-row';
import { SelectBar } from './select-bar';
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
  /** The branch on the board: its couriers, and whether orders in preparation may leave. */
  branch: BranchConsole;
  orders: readonly PlacedOrder[];
  now: Date;
  busyIds: ReadonlySet<number>;
  /** Changes taken without a connection, by order: shown on the card until sent or refused. */
  pending?: ReadonlyMap<number, string>;
  view: BoardView;
  onViewChange: (view: BoardView) => void;
  onAction: (order: PlacedOrder, action: OrderAction) => void;
  onPrint: (order: PlacedOrder) => void;
  /** Aceptar for several new orders at once (Seleccionar varios in Nuevos). */
  onAcceptMany?: (orders: readonly PlacedOrder[]) => void;
  /** Gives money back of an order paid online. */
  onRefund?: (order: PlacedOrder) => void;
  /** Lanes shown before the status columns. */
  lanes?: readonly BoardLane[];
  /** One more thing on the toolbar's line, before the view switch (Recuperar). */
  toolbarEnd?: ReactNode;
  /** What leads the toolbar's line (Programados): one line over the columns, not two. */
  toolbarStart?: ReactNode;
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
 * count, so nothing waiting goes unseen. Above them, the all-day count, the couriers on shift and
 * the view switch; `Asignar domiciliario` opens its dialog over them.
 */
export function OrderBoard(props: OrderBoardProps) {
  const { orders, view, lanes = [] } = props;
  const grouped = groupBoard(orders);
  const [shown, setShown] = useState<string>('new');
  const dispatch = useBoardDispatch(props.branch);
  const opened = useOpened();
  const wide = widensNew(view, grouped);
  return (
    <div
      className={`${styles.board} ${view === 'compact' ? styles.compact : ''} ${couriersOnShift(dispatch.couriers ?? []).length > 0 ? styles.withCouriers : ''}`}
    >
      <BoardToolbar
        orders={orders}
        view={view}
        onViewChange={props.onViewChange}
        start={props.toolbarStart}
        end={props.toolbarEnd}
      />
      <CouriersStrip couriers={dispatch.couriers} />
      <ColumnPicker lanes={lanes} grouped={grouped} shown={shown} onShow={setShown} />
      <div
        className={`${styles.columns} ${wide ? styles.wideNew : ''}`}
        style={
          {
            '--lanes': lanes.length + BOARD_COLUMNS.length,
            '--columns': columnWidths(lanes.length, grouped, wide),
          } as CSSProperties
        }
      >
        {lanes.map((lane) => (
          <Column key={lane.key} id={lane.key} title={lane.title} count={lane.count} shown={shown}>
            {lane.content}
          </Column>
        ))}
        <StatusColumns
          {...props}
          grouped={grouped}
          shown={shown}
          opened={opened}
          dispatchOf={dispatch.dispatchOf}
          wide={wide}
        />
      </div>
      <DispatchDialog
        branch={props.branch}
        target={dispatch.target}
        orders={orders}
        couriers={dispatch.couriers}
        couriersError={dispatch.couriersError}
        onClose={dispatch.close}
      />
    </div>
  );
}

/**
 * In the card view, Nuevos takes the width of the empty columns once two orders wait: a rush's
 * new orders two cards abreast, so a landscape tablet shows four or more whole (decision 088).
 */
function widensNew(view: BoardView, grouped: Record<ColumnKey, PlacedOrder[]>) {
  if (view !== 'cards' || grouped.new.length < 2) return false;
  return BOARD_COLUMNS.some((column) => column.key !== 'new' && grouped[column.key].length === 0);
}

/**
 * The columns' widths on a tablet: even, or, with Nuevos widened, Nuevos two shares, an empty
 * column a strip with its heading on its side (its count says it is empty), the rest one share.
 */
function columnWidths(lanes: number, grouped: Record<ColumnKey, PlacedOrder[]>, wide: boolean) {
  const share = (fr: number) => `minmax(0, ${fr}fr)`;
  const statuses = BOARD_COLUMNS.map((column) => {
    if (!wide) return share(1);
    if (column.key === 'new') return share(2);
    return grouped[column.key].length === 0 ? '3.25rem' : share(1);
  });
  return [...Array.from({ length: lanes }, () => share(1)), ...statuses].join(' ');
}

/** The four status columns; Nuevos with Seleccionar varios under its cards. */
function StatusColumns(
  props: OrderBoardProps & {
    grouped: Record<ColumnKey, PlacedOrder[]>;
    shown: string;
    opened: ReturnType<typeof useOpened>;
    dispatchOf: (order: PlacedOrder) => CardDispatch | undefined;
    /** Nuevos is widened (widensNew): its cards two abreast; every column's cards dense. */
    wide: boolean;
  },
) {
  const { grouped, onAcceptMany } = props;
  const selection = useBoardSelection(grouped.new);
  // Choosing is worth it from two new orders on (or while on: the last ones may have gone).
  const selecting = onAcceptMany && (selection.on || grouped.new.length > 1);
  return BOARD_COLUMNS.map((column) => (
    <Column
      key={column.key}
      id={column.key}
      title={column.title}
      count={grouped[column.key].length}
      shown={props.shown}
      empty={grouped[column.key].length === 0}
      // A widened Nuevos carries Seleccionar varios in its heading, not over its last cards.
      tools={
        column.key === 'new' && selecting && props.wide ? (
          <SelectBar selection={selection} onAccept={onAcceptMany} />
        ) : undefined
      }
    >
      {grouped[column.key].length === 0 ? (
        <p className={styles.empty}>{EMPTY[column.key]}</p>
      ) : (
        <BoardOrders
          {...props}
          orders={grouped[column.key]}
          selection={column.key === 'new' && selection.on ? selection : undefined}
          dense={props.wide}
        />
      )}
      {column.key === 'new' && selecting ? (
        // Under the cards on a phone (sticking to the bottom); a widened Nuevos on a tablet has
        // it beside its heading instead (CSS picks which one shows).
        <div className={props.wide ? styles.bottomTools : styles.tools}>
          <SelectBar selection={selection} onAccept={onAcceptMany} />
        </div>
      ) : null}
    </Column>
  ));
}

/** "Por preparar" (the all-day count) and the switch between cards and compact rows. */
function BoardToolbar(props: {
  orders: readonly PlacedOrder[];
  view: BoardView;
  onViewChange: (view: BoardView) => void;
  start: ReactNode;
  end: ReactNode;
}) {
  const counts = allDay(props.orders);
  return (
    <div className={styles.toolbar}>
      {props.start}
      <section className={styles.allDay} aria-labelledby="por-preparar">
        <h2 id="por-preparar" className={styles.allDayTitle}>
          Por preparar
        </h2>
        {counts.length === 0 ? (
          <p className={styles.allDayEmpty}>Nada por preparar.</p>
        ) : (
          // Beside Programados it may scroll sideways: reachable by keyboard (axe).
          <ul className={styles.allDayList} tabIndex={0}>
            {counts.map((count) => (
              <li key={count.product_id} className={styles.allDayItem}>
                <strong>{count.quantity}×</strong> {count.title}
              </li>
            ))}
          </ul>
        )}
      </section>
      {props.end}
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
            aria-pressed={props.view === key}
            onClick={() => props.onViewChange(key)}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** On a phone: one button per column with its count, the column shown under it. */
function ColumnPicker(props: {
  lanes: readonly BoardLane[];
  grouped: Record<ColumnKey, PlacedOrder[]>;
  shown: string;
  onShow: (key: string) => void;
}) {
  const { shown } = props;
  const columns = [
    ...props.lanes.map((lane) => ({ key: lane.key, title: lane.title, count: lane.count })),
    ...BOARD_COLUMNS.map((column) => ({
      key: column.key,
      title: column.title,
      count: props.grouped[column.key].length,
    })),
  ];
  return (
    <div className={styles.picker} role="group" aria-label="Columna del tablero">
      {columns.map((column) => (
        <button
          key={column.key}
          type="button"
          className={`${styles.pick} ${shown === column.key ? styles.picked : ''} ${column.key === 'new' && column.count > 0 ? styles.pickAlert : ''}`}
          aria-pressed={shown === column.key}
          onClick={() => props.onShow(column.key)}
        >
          <span className={styles.pickCount}>{column.count}</span>
          <span className={styles.pickTitle}>{column.title}</span>
        </button>
      ))}
    </div>
  );
}

/** The compact view's orders opened to their whole card, kept as an order moves between columns. */
function useOpened() {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (order: PlacedOrder) =>
    setIds((current) => {
      const next = new Set(current);
      if (!next.delete(order.id)) next.add(order.id);
      return next;
    });
  return { has: (id: number) => ids.has(id), toggle };
}

/** A column's orders: cards, or in the compact view one line each until opened. */
function BoardOrders(
  props: OrderBoardProps & {
    opened: ReturnType<typeof useOpened>;
    dispatchOf: (order: PlacedOrder) => CardDispatch | undefined;
    /** Seleccionar varios is on in this column: each card can be chosen. */
    selection: BoardSelection | undefined;
    /** A rush's narrower columns (widensNew): each card as dense as it can be (order-card.module.css). */
    dense?: boolean;
  },
) {
  const { now, busyIds, pending, view, onAction, opened } = props;
  const toggle = opened.toggle;
  // A widened Nuevos packs its two abreast as masonry (order-board.module.css asks for it).
  const list = useMasonryRows<HTMLUListElement>();
  return (
    <ul ref={list} className={styles.cards} data-dense={props.dense || undefined}>
      {props.orders.map((order) => (
        <li key={order.id}>
          {view === 'compact' && !opened.has(order.id) ? (
            <OrderRow
              order={order}
              now={now}
              busy={busyIds.has(order.id)}
              pending={pending?.get(order.id)}
              onAction={onAction}
              onOpen={toggle}
              inTrip={Boolean(props.dispatchOf(order)?.trip)}
              selection={props.selection}
            />
          ) : (
            <OrderCard
              order={order}
              now={now}
              busy={busyIds.has(order.id)}
              pending={pending?.get(order.id)}
              onAction={onAction}
              onPrint={props.onPrint}
              onRefund={props.onRefund}
              onCollapse={view === 'compact' ? toggle : undefined}
              dispatch={props.dispatchOf(order)}
              selection={props.selection}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function Column(props: {
  id: string;
  title: string;
  count: number;
  shown: string;
  children: ReactNode;
  /** Beside the heading, sticking with it (a widened Nuevos' Seleccionar varios). */
  tools?: ReactNode;
  /** No order in it: a widened board shows it as a strip. */
  empty?: boolean;
}) {
  const { id, title, count, shown } = props;
  const heading = (
    <h2 id={`columna-${id}`} className={styles.columnTitle}>
      {title} <span className={styles.count}>{count}</span>
    </h2>
  );
  return (
    <section
      className={`${styles.column} ${styles[id] ?? ''} ${shown === id ? styles.current : ''}`}
      aria-labelledby={`columna-${id}`}
      data-column={id}
      data-empty={props.empty || undefined}
      // A column that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
    >
      {props.tools ? (
        <div className={styles.columnHead}>
          {heading}
          {props.tools}
        </div>
      ) : (
        heading
      )}
      {props.children}
    </section>
  );
}

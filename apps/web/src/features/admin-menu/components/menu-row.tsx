import type { ReactNode } from 'react';
import type { MenuOrder } from '../hooks/use-menu-order';
import { DragHandle } from './drag-handle';
import styles from './menu-list.module.css';

interface MenuRowProps {
  index: number;
  order: MenuOrder;
  /** Whether the list can be ordered now: the row has a grip in front. */
  orderable: boolean;
  hidden: boolean;
  image: string | null | undefined;
  /** The name and the meta line. */
  info: ReactNode;
  actions: ReactNode;
}

/** One row of a menu list (a category, a product): grip, photo, name, actions. */
export function MenuRow({ index, order, orderable, hidden, image, info, actions }: MenuRowProps) {
  return (
    <li
      className={`${styles.row} ${orderable ? styles.rowDraggable : ''} ${hidden ? styles.rowHidden : ''}`}
      {...order.drag.rowProps(index)}
    >
      {orderable ? <DragHandle {...order.drag.handleProps(index)} /> : null}
      {image ? (
        <img className={styles.thumb} src={image} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className={styles.thumb} />
      )}
      <div className={styles.info}>{info}</div>
      <div className={styles.actions}>{actions}</div>
    </li>
  );
}

/** Up and down one place, named for a screen reader ("Subir Pizzas"). */
export function MoveButtons({
  title,
  index,
  count,
  order,
}: {
  title: string;
  index: number;
  count: number;
  order: MenuOrder;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Subir ${title}`}
        disabled={!order.canReorder || index === 0}
        onClick={() => order.move(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Bajar ${title}`}
        disabled={!order.canReorder || index === count - 1}
        onClick={() => order.move(index, index + 1)}
      >
        ↓
      </button>
    </>
  );
}

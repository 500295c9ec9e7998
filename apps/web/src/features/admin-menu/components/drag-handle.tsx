import type { PointerEventHandler } from 'react';
import styles from './drag-handle.module.css';

interface DragHandleProps {
  onPointerDown: PointerEventHandler<HTMLElement>;
  onPointerMove: PointerEventHandler<HTMLElement>;
  onPointerUp: PointerEventHandler<HTMLElement>;
  onPointerCancel: PointerEventHandler<HTMLElement>;
}

/**
 * The grip a row is dragged by (`useDragReorder`). Hidden from screen readers and out of the tab
 * order: the row's arrows are the way to move it without a pointer.
 */
export function DragHandle(props: DragHandleProps) {
  return (
    <span className={styles.handle} aria-hidden="true" title="Arrastrar para ordenar" {...props}>
      <svg viewBox="0 0 12 20" width="12" height="20">
        {[3, 10, 17].map((y) => (
          <g key={y}>
            <circle cx="3" cy={y} r="1.8" />
            <circle cx="9" cy={y} r="1.8" />
          </g>
        ))}
      </svg>
    </span>
  );
}

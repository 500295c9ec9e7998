import { useEffect, useState, type CSSProperties, type PointerEvent } from 'react';

interface Drag {
  from: number;
  /** Where the row would land if dropped now. */
  to: number;
  /** How far the pointer has moved the row, in px. */
  offset: number;
  /** How far a row the dragged one passes slides: the dragged row's height and the gap. */
  shift: number;
  /** Each row's middle when the drag began, from the list's top (scrolling does not move these). */
  middles: number[];
  /** Where the pointer began, from the list's top. */
  startY: number;
}

/** Rows are the list's children marked by `rowProps`, found from the handle: no refs to keep. */
const rowsOf = (handle: HTMLElement) => {
  const list = handle.closest('[data-drag-row]')?.parentElement;
  return list
    ? { list, rows: [...list.querySelectorAll<HTMLElement>(':scope > [data-drag-row]')] }
    : null;
};

/**
 * Drag to reorder a list by a handle, with a mouse, a pen or a finger. Pointer events rather than
 * HTML drag and drop, which touch screens do not fire. While dragging, nothing reflows: the row
 * follows the pointer and the rows it passes slide out of its way, so the drop (`onMove(from, to)`)
 * is the only change to the list. Escape or a cancelled pointer puts everything back. The arrows
 * beside each row stay the keyboard's and screen readers' way to move one.
 */
export function useDragReorder(
  count: number,
  onMove: (from: number, to: number) => void,
  enabled = true,
) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragging = drag !== null;

  useEffect(() => {
    if (!dragging) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrag(null);
    };
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [dragging]);

  const handleProps = (index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      const found = rowsOf(event.currentTarget);
      if (!enabled || event.button !== 0 || !found || found.rows.length !== count || count < 2)
        return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      const top = found.list.getBoundingClientRect().top;
      const rects = found.rows.map((row) => row.getBoundingClientRect());
      const own = rects[index]!;
      const next = rects[index + 1] ?? rects[index - 1]!;
      const gap = Math.abs(next.top - own.top) - (next.top > own.top ? own.height : next.height);
      setDrag({
        from: index,
        to: index,
        offset: 0,
        shift: own.height + Math.max(0, gap),
        middles: rects.map((rect) => rect.top + rect.height / 2 - top),
        startY: event.clientY - top,
      });
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const found = drag && rowsOf(event.currentTarget);
      if (!drag || !found) return;
      const offset = event.clientY - found.list.getBoundingClientRect().top - drag.startY;
      const middle = drag.middles[drag.from]! + offset;
      // The landing place: how many of the other rows sit above the dragged row's middle.
      const to = drag.middles.filter((mid, i) => i !== drag.from && mid < middle).length;
      setDrag({ ...drag, to, offset });
    },
    onPointerUp: () => {
      setDrag(null);
      if (drag && drag.to !== drag.from) onMove(drag.from, drag.to);
    },
    onPointerCancel: () => setDrag(null),
  });

  const rowProps = (
    index: number,
  ): { 'data-drag-row': number; 'data-dragging'?: true; style?: CSSProperties } => {
    if (!drag) return { 'data-drag-row': index };
    const { from, to, offset, shift } = drag;
    if (index === from)
      return {
        'data-drag-row': index,
        'data-dragging': true,
        style: { transform: `translateY(${offset}px)`, position: 'relative', zIndex: 2 },
      };
    const slide = from < index && index <= to ? -shift : to <= index && index < from ? shift : 0;
    return {
      'data-drag-row': index,
      style: {
        transform: slide ? `translateY(${slide}px)` : undefined,
        transition: 'transform 150ms ease',
      },
    };
  };

  return { rowProps, handleProps, dragging };
}

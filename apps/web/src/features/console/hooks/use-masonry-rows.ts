import { useLayoutEffect, useRef } from 'react';

/**
 * A list laid out as masonry where its CSS asks for it: the list is a grid of thin rows
 * (`grid-auto-rows` in px, `row-gap: 0`, `--masonry-gap` between cards) and each item spans as
 * many rows as its height needs. The grid's own auto-placement then puts the next item under
 * whichever column ends higher, so one tall card no longer sets the height of a row of two.
 * The DOM order (oldest first) stays the reading and keyboard order. Where the CSS does not ask
 * for it (a phone, the compact view), the spans are taken off.
 */
export function useMasonryRows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const place = (items: Iterable<Element>) => {
      const rows = rowsOf(list);
      for (const item of items) spanItem(item as HTMLElement, rows);
    };
    // An item's height changes (a new line, Deshacer's countdown): its span follows. The list's
    // width changes (a rotated tablet, the board leaving a rush): every item is placed again.
    const resized = new ResizeObserver((entries) => {
      if (entries.some((entry) => entry.target === list)) place(list.children);
      else place(entries.map((entry) => entry.target));
    });
    const observe = (nodes: Iterable<Node>) => {
      for (const node of nodes) if (node instanceof HTMLElement) resized.observe(node);
    };
    const added = new MutationObserver((records) => {
      for (const record of records) {
        observe(record.addedNodes);
        for (const node of record.removedNodes)
          if (node instanceof HTMLElement) resized.unobserve(node);
      }
    });
    resized.observe(list);
    observe(list.children);
    added.observe(list, { childList: true });
    // Before the first paint: no frame shows the cards one over another.
    place(list.children);
    return () => {
      resized.disconnect();
      added.disconnect();
    };
  }, []);
  return ref;
}

type Rows = { unit: number; gap: number } | null;

/** The row height and the gap the list's CSS asks for, or null: no masonry here. */
function rowsOf(list: HTMLElement): Rows {
  const style = getComputedStyle(list);
  const unit = Number.parseFloat(style.gridAutoRows);
  if (style.display !== 'grid' || !style.gridAutoRows.endsWith('px') || !(unit > 0)) return null;
  const gap = Number.parseFloat(style.getPropertyValue('--masonry-gap')) || 0;
  return { unit, gap };
}

function spanItem(item: HTMLElement, rows: Rows) {
  const span = rows
    ? `span ${Math.max(1, Math.ceil((item.getBoundingClientRect().height + rows.gap) / rows.unit))}`
    : '';
  if (item.style.gridRowEnd !== span) item.style.gridRowEnd = span;
}

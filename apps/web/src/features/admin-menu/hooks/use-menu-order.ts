import { useState } from 'react';
import { moveItem } from '../lib/move';
import { useDragReorder } from './use-drag-reorder';

/**
 * Moving a menu list's rows (categories, products) by dragging or with the arrows: `save` sends
 * the new order of ids and calls `onSaved` once stored, which a screen reader then hears.
 */
export function useMenuOrder<T extends { id: number; title: string }>(
  list: readonly T[],
  orderable: boolean,
  saving: boolean,
  save: (ids: number[], onSaved: () => void) => void,
) {
  const [announce, setAnnounce] = useState('');
  const canReorder = orderable && !saving;
  const move = (from: number, to: number) => {
    const item = list[from]!;
    save(
      moveItem(list, from, to).map((row) => row.id),
      () => setAnnounce(`${item.title}: posición ${to + 1} de ${list.length}`),
    );
  };
  const drag = useDragReorder(list.length, move, canReorder);
  return { announce, canReorder, move, drag };
}

export type MenuOrder = ReturnType<typeof useMenuOrder>;

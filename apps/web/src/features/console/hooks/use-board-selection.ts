import type { PlacedOrder } from '@comanda/shared';
import { useState } from 'react';

/**
 * Seleccionar varios in Nuevos: the new orders chosen to be accepted together. Only orders still
 * new count: one another screen answered, or the customer cancelled, drops out by itself.
 */
export function useBoardSelection(fresh: readonly PlacedOrder[]) {
  const [on, setOn] = useState(false);
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const chosen = fresh.filter((order) => order.status === 'received' && ids.has(order.id));
  return {
    on,
    chosen,
    isChosen: (id: number) => ids.has(id),
    toggle: (order: PlacedOrder) =>
      setIds((current) => {
        const next = new Set(current);
        if (!next.delete(order.id)) next.add(order.id);
        return next;
      }),
    start: () => setOn(true),
    stop: () => {
      setOn(false);
      setIds(new Set());
    },
  };
}

export type BoardSelection = ReturnType<typeof useBoardSelection>;

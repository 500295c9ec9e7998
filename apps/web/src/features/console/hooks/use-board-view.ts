import { useState } from 'react';

export type BoardView = 'cards' | 'compact';

/** Per device, not per account: the tablet at the pass and the one at the grill differ. */
const KEY = 'comanda:board-view';

const stored = (): BoardView => {
  try {
    return localStorage.getItem(KEY) === 'compact' ? 'compact' : 'cards';
  } catch {
    return 'cards';
  }
};

/** The board's view on this device (full cards or one line per order), remembered here. */
export function useBoardView(): [BoardView, (view: BoardView) => void] {
  const [view, setView] = useState<BoardView>(stored);
  return [
    view,
    (next) => {
      setView(next);
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // Private mode or full storage: the choice lasts for this page only.
      }
    },
  ];
}

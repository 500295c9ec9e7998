import { useState } from 'react';
import { useNavigationType, useSearchParams } from 'react-router';
import { readView, writeView, type InsightsView } from '../lib/view';

interface Pending {
  view: InsightsView;
  /** The address the change writes; once there, the address speaks again. */
  search: string;
}

/**
 * The screen's choices read from and written to the address: each change is a new history entry,
 * so Back undoes it and a copied link opens the same view.
 *
 * A navigation lands a moment after the tap (the router renders the new view in a transition,
 * which waits for the charts' code): until it does, the controls show the choice just made, so
 * a ticked box stays ticked and a second change builds on the first instead of the old address.
 * Back or Forward always shows the address.
 */
export function useInsightsView(): [InsightsView, (patch: Partial<InsightsView>) => void] {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigationType();
  const [pending, setPending] = useState<Pending | null>(null);
  const search = params.toString();
  const waiting = pending !== null && pending.search !== search && navigation !== 'POP';
  // Landed (or left by Back): forget it, so a later link to another view is not overridden.
  if (pending !== null && !waiting) setPending(null);
  const view = waiting ? pending.view : readView(params);
  const change = (patch: Partial<InsightsView>) => {
    const next = writeView({ ...view, ...patch });
    setPending({ view: readView(next), search: next.toString() });
    setParams(next);
  };
  return [view, change];
}

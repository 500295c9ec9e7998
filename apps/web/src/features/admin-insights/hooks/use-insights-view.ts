import { useSearchParams } from 'react-router';
import { readView, writeView, type InsightsView } from '../lib/view';

/**
 * The screen's choices read from and written to the address: each change is a new history entry,
 * so Back undoes it and a copied link opens the same view.
 */
export function useInsightsView(): [InsightsView, (patch: Partial<InsightsView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const change = (patch: Partial<InsightsView>) => setParams(writeView({ ...view, ...patch }));
  return [view, change];
}

import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { useSession } from '@/stores/session-store';

// Downloaded once the page is interactive: the promotions change by the minute, while the server
// keeps a rendered page per branch until the catalogue changes, so the line is the browser's to
// draw, and /menu's first load carries only this slot (decision 086).
const PromotionsLine = lazy(() => import('@/features/catalog/components/promotions-line'));

/**
 * The promotions in force at the chosen branch, on /menu (every one) and on a category's page
 * (`productIds`: those that take some of them). Nothing in the server's HTML, and nothing while
 * React hydrates it: the same markup on both sides, then the line. Promotions are a branch's: a
 * visitor who has chosen none (a first visit) downloads none of the line's code.
 */
export function PromotionsSlot({ productIds }: { productIds?: readonly number[] }) {
  const hydrated = useHydrated();
  const branchChosen = useSession((state) => state.branch !== null);
  return hydrated && branchChosen ? (
    <Suspense fallback={null}>
      <PromotionsLine productIds={productIds} />
    </Suspense>
  ) : null;
}

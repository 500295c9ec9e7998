import { lazy, Suspense } from 'react';

// Downloaded only when a line's branch takes no orders: /menu's first load does not carry it.
const OtherBranchOffer = lazy(() => import('./other-branch-offer'));

/** The delivery line's offer of another branch, for DeliveryPromise's `offer`. */
export function OtherBranchSlot() {
  return (
    <Suspense fallback={null}>
      <OtherBranchOffer />
    </Suspense>
  );
}

import { lazy, memo, Suspense } from 'react';

// Downloaded only when a line's branch takes no orders: /menu's first load does not carry it.
const OtherBranchOffer = lazy(() => import('./other-branch-offer'));

/**
 * The delivery line's offer of another branch, for DeliveryPromise's `offer`. Memoised: the
 * server renders the offer, and until its chunk arrives React keeps that HTML as a boundary still
 * to hydrate. A parent drawn again meanwhile (the promotions arriving re-price the cart bar) would
 * hand that boundary an update it cannot hydrate yet, and React would swap the server's offer for
 * the empty fallback and back when the chunk came: the line jumped twice (CLS 0.16 on a category
 * page whose branch was closed). Having no props, the slot is left alone by its parents.
 */
export const OtherBranchSlot = memo(function OtherBranchSlot() {
  return (
    <Suspense fallback={null}>
      <OtherBranchOffer />
    </Suspense>
  );
});

import { ReturningCustomer } from '@/features/account/components/returning-customer';
import { useLiveOrder } from '@/features/order-tracking/hooks/use-live-order';

/** Keeps one order's status live while it is on screen (its announcements are the order page's). */
function FollowOrder({ id }: { id: number }) {
  useLiveOrder(id);
  return null;
}

/**
 * The home screen's part for a logged-in customer (the order under way, "Volver a pedir"),
 * loaded only for them: a visitor's landing carries none of its code.
 */
export default function LandingReturning() {
  return <ReturningCustomer follow={(id) => <FollowOrder id={id} />} />;
}

import { ComingSoon } from '@/components/ui/coming-soon';

/** /opciones-de-pago (spec §2). */
export default function CheckoutRoute() {
  return <ComingSoon title="Checkout" />;
}

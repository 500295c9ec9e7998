import { ComingSoon } from '@/components/ui/coming-soon';

/** /descuento-confirmacion/:branch (spec §2): the coupon's confirmation image and 'Ir al Menu'. */
export default function DiscountConfirmationRoute() {
  return <ComingSoon title="Cupón registrado" />;
}

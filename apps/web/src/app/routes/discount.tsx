import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { MutedText } from '@/components/ui/page';

/** /descuento/:branch (spec §2): the discount-coupon signup form of a branch. */
export default function DiscountRoute() {
  const { branch = '' } = useParams();
  return (
    <ComingSoon title="Cupón de descuento">
      <MutedText>Sede: {branch}</MutedText>
    </ComingSoon>
  );
}

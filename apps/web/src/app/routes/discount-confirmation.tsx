import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useBranches } from '@/features/branches/api/get-branches';
import { BranchGate } from '@/features/marketing/components/branch-gate';
import { DiscountConfirmation } from '@/features/marketing/components/discount-confirmation';

/** /descuento-confirmacion/:branch (product.md «Screens and routes»): the coupon's confirmation image and 'Ir al Menu'. */
export default function DiscountConfirmationRoute() {
  const { branch = '' } = useParams();
  const branches = useBranches();
  return (
    <BranchGate
      param={branch}
      branches={branches}
      screenTitle="Cupón registrado"
      linkFor={paths.discount.getHref}
    >
      {(found) => <DiscountConfirmation branch={found} />}
    </BranchGate>
  );
}

import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useBranches } from '@/features/branches/api/get-branches';
import { BranchGate } from '@/features/marketing/components/branch-gate';
import { DiscountSignup } from '@/features/marketing/components/discount-signup';

/** /descuento/:branch (product.md «Screens and routes»): the discount-coupon signup form of a branch. */
export default function DiscountRoute() {
  const { branch = '' } = useParams();
  const branches = useBranches();
  const navigate = useNavigate();
  return (
    <BranchGate
      param={branch}
      branches={branches}
      screenTitle="Cupón de descuento"
      linkFor={paths.discount.getHref}
    >
      {(found) => (
        <DiscountSignup
          key={found.id}
          branch={found}
          onSignedUp={() => void navigate(paths.discountConfirmation.getHref(found.slug))}
        />
      )}
    </BranchGate>
  );
}

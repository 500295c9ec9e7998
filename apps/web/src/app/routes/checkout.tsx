import type { Address } from '@comanda/shared';
import { lazy } from 'react';
import { useCreateAddress } from '@/features/account/api/create-address';
import { useAddresses } from '@/features/account/api/get-addresses';
import { AddressForm } from '@/features/account/components/address-form';
import { LoginForm } from '@/features/account/components/login-form';
import { RegisterForm } from '@/features/account/components/register-form';
import { useServedNeighbourhoods } from '@/entities/delivery/api/get-neighbourhoods';
import { useBranches } from '@/features/branches/api/get-branches';
import { OpeningBadge } from '@/features/branches/components/opening-badge';
import { useNow } from '@/features/branches/hooks/use-now';
import {
  CheckoutPage,
  EmptyCheckout,
  LeavingToPay,
} from '@/features/checkout/components/checkout-page';
import { addressesLoad } from '@/features/checkout/components/delivery-address';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { useSession } from '@/stores/session-store';

// The branch list is fetched when 'Cambiar' is first pressed, not with the checkout.
const BranchList = lazy(() => import('@/features/branches/components/branch-list'));

/**
 * /opciones-de-pago: the checkout (its state and rules live in features/checkout), given what
 * other features bring to it: the login and registration forms, the branch list and opening
 * hours, the customer's addresses and the form to add one.
 */
export default function CheckoutRoute() {
  const branches = useBranches();
  const now = useNow();
  const checkout = useCheckout({ freshBranches: branches.data });
  const addresses = useAddresses(checkout.loggedIn && checkout.deliveryOrder);
  const createAddress = useCreateAddress();
  const neighbourhoods = useServedNeighbourhoods(checkout.deliveryOrder);
  const chosenNeighbourhood = useSession((state) => state.deliveryTo?.neighbourhood);

  if (checkout.leavingToPay) return <LeavingToPay href={checkout.leavingToPay} />;
  if (checkout.empty) return <EmptyCheckout />;

  const { branch } = checkout;
  return (
    <CheckoutPage
      checkout={checkout}
      loginForm={<LoginForm onSuccess={checkout.focusPayment} />}
      registerForm={<RegisterForm onSuccess={checkout.focusPayment} />}
      branchStatus={branch?.opening_hours ? <OpeningBadge branch={branch} now={now} /> : null}
      addresses={addressesLoad(addresses)}
      addressForm={(done) => (
        <AddressForm
          neighbourhoods={neighbourhoods.data}
          neighbourhood={chosenNeighbourhood}
          onSave={(body) => createAddress.mutateAsync(body)}
          onSaved={(saved: Address) => done(saved)}
          onCancel={() => done()}
        />
      )}
      branchList={<BranchList selectedId={branch?.id} onSelect={checkout.chooseBranch} />}
    />
  );
}

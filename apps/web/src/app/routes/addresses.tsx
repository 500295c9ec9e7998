import { Navigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useServedNeighbourhoods } from '@/entities/delivery/api/get-neighbourhoods';
import { AddressBook } from '@/features/account/components/address-book';
import { useSession } from '@/stores/session-store';

/** /direcciones (product.md «Screens and routes»): 'Mis Direcciones'. Needs a login; /domicilio is the same book as the delivery's first step. */
export default function AddressesRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  // `Barrio` is chosen among the neighbourhoods the chain serves (typed only for another one).
  const neighbourhoods = useServedNeighbourhoods(loggedIn);
  if (!loggedIn) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <Page title="Mis Direcciones">
      <AddressBook neighbourhoods={neighbourhoods.data} />
    </Page>
  );
}

import { Navigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { AddressBook } from '@/features/account/components/address-book';
import { useSession } from '@/stores/session-store';

/** /domicilio and /direcciones (product.md «Screens and routes»): 'Mis Direcciones', the same screen. Needs a login. */
export default function AddressesRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  if (!loggedIn) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <Page title="Mis Direcciones">
      <AddressBook />
    </Page>
  );
}

import { Navigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { SessionList } from '@/features/account/components/session-list';
import { useSession } from '@/stores/session-store';

/** /sesiones: where this account is logged in, and "Cerrar las demás sesiones". Needs a login. */
export default function SessionsRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  if (!loggedIn) return <Navigate to={paths.landing.getHref()} replace />;
  return (
    <Page title="Sesiones">
      <SessionList />
    </Page>
  );
}

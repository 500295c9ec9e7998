import { Navigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { AuthPanel } from '@/features/account/components/auth-panel';
import { RegisterForm } from '@/features/account/components/register-form';
import { useSession } from '@/stores/session-store';

/** /registrate (product.md «Registration» 'REGISTRO': a registration that works and logs the customer in). */
export default function RegisterRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  if (loggedIn) return <Navigate to={paths.landing.getHref()} replace />;
  return (
    <AuthPanel
      title="REGISTRO"
      intro="Crea tu cuenta para guardar tus direcciones, tus favoritos y tus pedidos."
      footer={
        <>
          ¿Ya tienes cuenta? <Link to={paths.login.getHref()}>Inicia sesión</Link>
        </>
      }
    >
      <RegisterForm />
    </AuthPanel>
  );
}

import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths, returnPath } from '@/config/paths';
import { AuthPanel } from '@/features/account/components/auth-panel';
import { LoginForm } from '@/features/account/components/login-form';
import { useSession } from '@/stores/session-store';

/**
 * /login (product.md «Screens and routes»): 'INICIO SESIÓN', email or phone and password,
 * 'Iniciar'; success goes to /, or back to the screen that asked for a login (`?volver=`: the
 * favourite heart of a logged-out visitor).
 */
export default function LoginRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  const navigate = useNavigate();
  const back = returnPath(useSearchParams()[0].get('volver'));
  // Someone already logged in has nothing to do here (and the form's own success lands on / too).
  if (loggedIn) return <Navigate to={back ?? paths.landing.getHref()} replace />;
  return (
    <AuthPanel
      title="INICIO SESIÓN"
      intro="Entra con tu email o tu número de celular."
      footer={
        <>
          ¿No tienes cuenta? <Link to={paths.register.getHref()}>Regístrate</Link>
        </>
      }
    >
      <LoginForm onSuccess={back ? () => void navigate(back, { replace: true }) : undefined} />
    </AuthPanel>
  );
}

import { Link, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthPanel } from '@/features/account/components/auth-panel';
import { LoginForm } from '@/features/account/components/login-form';
import { useSession } from '@/stores/session-store';

/** /login (product.md «Screens and routes»): 'INICIO SESIÓN', email or phone and password, 'Iniciar'; success goes to /. */
export default function LoginRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  // Someone already logged in has nothing to do here (and the form's own success lands on / too).
  if (loggedIn) return <Navigate to={paths.landing.getHref()} replace />;
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
      <LoginForm />
    </AuthPanel>
  );
}

import { PASSWORD_RESET_MINUTES } from '@comanda/shared';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { AuthPanel } from '@/features/account/components/auth-panel';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/account/components/reset-password-form';

/**
 * /restablecer: without a token, "¿Olvidaste tu contraseña?" (the email to send the link to);
 * with the emailed link's `?token=`, the new password.
 */
export default function PasswordResetRoute() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const footer = (
    <>
      ¿La recordaste? <Link to={paths.login.getHref()}>Inicia sesión</Link>
    </>
  );
  if (token)
    return (
      <AuthPanel
        title="NUEVA CONTRASEÑA"
        intro="Elige la contraseña con la que vas a entrar desde ahora."
        footer={footer}
      >
        <ResetPasswordForm
          token={token}
          done={<Link to={paths.login.getHref()}>Iniciar sesión</Link>}
        />
      </AuthPanel>
    );
  return (
    <AuthPanel
      title="¿OLVIDASTE TU CONTRASEÑA?"
      intro={`Escribe el email de tu cuenta y te enviamos un enlace para elegir una nueva. El enlace sirve ${PASSWORD_RESET_MINUTES} minutos.`}
      footer={footer}
    >
      <ForgotPasswordForm />
    </AuthPanel>
  );
}

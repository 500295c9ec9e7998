import { Link } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { MutedText } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** /login (spec §2): the INICIO SESIÓN form (email_login, password_login) comes with the accounts issue. */
export default function LoginRoute() {
  return (
    <ComingSoon title="INICIO SESIÓN">
      <MutedText>
        ¿No tienes cuenta? <Link to={paths.register.getHref()}>Regístrate</Link>
      </MutedText>
    </ComingSoon>
  );
}

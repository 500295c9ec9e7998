import { Navigate } from 'react-router';
import { Card, Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { SessionList } from '@/features/account/components/session-list';
import { useSession } from '@/stores/session-store';
import styles from './sessions.module.css';

/**
 * /sesiones, "Tu cuenta": the account's email and password (each change needs the current
 * password and is announced by email) and where it is logged in, with "Cerrar las demás
 * sesiones". Needs a login.
 */
export default function SessionsRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  if (!loggedIn) return <Navigate to={paths.landing.getHref()} replace />;
  return (
    <Page title="Tu cuenta">
      <div className={styles.sections}>
        <section aria-labelledby="cuenta-email">
          <Card>
            <h2 id="cuenta-email" className={styles.heading}>
              Email
            </h2>
            <ChangeEmailForm />
          </Card>
        </section>
        <section aria-labelledby="cuenta-clave">
          <Card>
            <h2 id="cuenta-clave" className={styles.heading}>
              Contraseña
            </h2>
            <ChangePasswordForm />
          </Card>
        </section>
        <section aria-labelledby="cuenta-sesiones" className={styles.wide}>
          <h2 id="cuenta-sesiones" className={styles.heading}>
            Sesiones abiertas
          </h2>
          <SessionList />
        </section>
      </div>
    </Page>
  );
}

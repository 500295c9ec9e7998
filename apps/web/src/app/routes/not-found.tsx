import { MESSAGES } from '@comanda/shared';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './confirmation.module.css';

/** Any unknown path (spec §2 'NotFoundPage'): a friendly way back to the menu. */
export default function NotFoundRoute() {
  return (
    <div className={styles.card}>
      <title>Página no encontrada · Comanda</title>
      <h1 className={styles.heading}>Página no encontrada</h1>
      <p>{MESSAGES.routeNotFound} Puede que el enlace esté mal escrito o que la página ya no exista.</p>
      <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
        Ir al Menu
      </Link>
    </div>
  );
}

import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './confirmation.module.css';

/** /confirmacion (spec §2): 'Gracias por tu Compra' with a check mark and 'Ir al Menu'. */
export default function ConfirmationRoute() {
  return (
    <div className={styles.card}>
      <title>Gracias por tu Compra · Comanda</title>
      <span className={styles.check}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className={styles.heading}>Gracias por tu Compra</h1>
      <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
        Ir al Menu
      </Link>
    </div>
  );
}

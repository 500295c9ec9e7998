import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './not-found.module.css';
import { pageTitle } from '@/lib/brand';

/** Any unknown path (product.md «Screens and routes» 'NotFoundPage'): a friendly page and a way back to the menu. */
export default function NotFoundRoute() {
  return (
    <div className={styles.card}>
      <title>{pageTitle('No encontramos esta página')}</title>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.heading}>No encontramos esta página</h1>
      <p className={styles.text}>
        Puede que el enlace esté mal escrito o que la página ya no exista.
      </p>
      <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
        Ir al Menu
      </Link>
    </div>
  );
}

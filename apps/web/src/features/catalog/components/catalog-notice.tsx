import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ORDER_TYPE, useSession } from '@/stores/session-store';
import { SearchOffIcon, StorePinIcon } from './catalog-icons';
import styles from './catalog-notice.module.css';
import { pageTitle } from '@/lib/brand';

/**
 * Prices and availability are per branch, so without one there is nothing honest to show:
 * ask for the branch rather than guess one.
 */
export function ChooseBranchNotice({ reason }: { reason?: string | undefined }) {
  // In a delivery flow the branch follows from the address: the address step chooses it.
  const delivering = useSession((state) => state.orderType === ORDER_TYPE.delivery);
  return (
    <div className={styles.card}>
      <title>{pageTitle('Elige tu sede')}</title>
      <span className={styles.icon}>
        <StorePinIcon />
      </span>
      <h1 className={styles.heading}>Elige tu sede</h1>
      {reason ? <p className={styles.muted}>{reason}</p> : null}
      <p>Elige tu sede para ver el menú y los precios</p>
      <Link
        to={delivering ? paths.deliveryAddresses.getHref() : paths.pickupBranches.getHref()}
        className={buttonClass('primary')}
      >
        Elegir sede
      </Link>
    </div>
  );
}

/**
 * Above the chain's menu, before a branch is chosen (decision 042): the prices shown are the
 * chain's lowest, so say so, and offer the one step that makes them exact and lets the visitor order.
 * `abovePhoto`: over a category's photo, which bleeds up towards the header on phones.
 */
export function ChooseBranchBand({ abovePhoto = false }: { abovePhoto?: boolean }) {
  const delivering = useSession((state) => state.orderType === ORDER_TYPE.delivery);
  return (
    <aside
      className={abovePhoto ? `${styles.band} ${styles.abovePhoto}` : styles.band}
      aria-label="Elige tu sede"
    >
      <span className={styles.bandIcon}>
        <StorePinIcon />
      </span>
      <p className={styles.bandText}>
        <strong>Precios desde.</strong> Elige tu sede para ver sus precios y pedir.
      </p>
      <Link
        to={delivering ? paths.deliveryAddresses.getHref() : paths.pickupBranches.getHref()}
        className={buttonClass('primary')}
      >
        Elegir sede
      </Link>
    </aside>
  );
}

/** A category or product slug the API does not know (or a mistyped link): say so, offer the menu. */
export function CatalogNotFound({ heading, message }: { heading: string; message: string }) {
  return (
    <div className={styles.card}>
      <title>{pageTitle(heading)}</title>
      <span className={styles.icon}>
        <SearchOffIcon />
      </span>
      <h1 className={styles.heading}>{heading}</h1>
      <p>{message}</p>
      <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
        Ir al Menu
      </Link>
    </div>
  );
}

import { Link } from '@/components/ui/link';
import { CartIcon, ChevronDownIcon, MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { brandName } from '@/lib/brand';
import { cartLinkLabel } from '@/stores/session-rules';
import styles from './header.module.css';

interface HeaderProps {
  title: string;
  cartCount: number;
  onOpenMenu: () => void;
  onOpenBranches: () => void;
}

/** product.md «Screens and routes» header: drawer button, the title (opens the branch list) and the cart link. */
export function Header({ title, cartCount, onOpenMenu, onOpenBranches }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label="Abrir menú"
          aria-haspopup="dialog"
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </button>
        <Link to={paths.menu.getHref()} className={styles.brand}>
          {/* Decorative: the link is named by the chain's name beside it. */}
          <img className={styles.logo} src="/icons/logo-96.png" alt="" width={36} height={36} />
          {brandName()}
        </Link>
        <button
          type="button"
          className={styles.title}
          aria-haspopup="dialog"
          onClick={onOpenBranches}
        >
          <span className={styles.titleText}>{title}</span>
          <span className="visually-hidden">, elegir sede</span>
          <ChevronDownIcon className={styles.chevron} />
        </button>
        <Link
          to={paths.cart.getHref()}
          className={styles.iconButton}
          aria-label={cartLinkLabel(cartCount)}
        >
          <CartIcon />
          {cartCount > 0 ? (
            <span className={styles.badge} aria-hidden="true">
              {cartCount > 99 ? '99+' : cartCount}
            </span>
          ) : null}
        </Link>
      </div>
    </header>
  );
}

import { priceRange, type Product } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { DietaryLabels } from './dietary-labels';
import { MenuPrice } from './menu-price';
import styles from './product-detail.module.css';

/** product.md «Validation rules and messages, Error catalogue», word for word (no accent in the original). */
export const NOT_LOGGED_IN_ALERT = 'No estas logueado';

interface ProductIntroProps {
  product: Product;
  /** Some branch asks more than the chain's lowest: the price says "Desde". */
  priceVaries: boolean;
  /** A logged-out visitor tapped the heart: the spec's "No estas logueado", with the way to log in. */
  askLogin: boolean;
  /** Saving the heart failed. */
  favoriteFailed: boolean;
}

/** The product's category, title, price and description, and what came of a tap on its heart. */
export function ProductIntro({
  product,
  priceVaries,
  askLogin,
  favoriteFailed,
}: ProductIntroProps) {
  // What the menu's card said: the least a unit costs here, "Desde" when a choice costs more.
  const shown = priceRange(product);
  return (
    <div className={styles.intro}>
      <Link to={paths.category.getHref(product.category.slug)} className={styles.crumb}>
        {product.category.title}
      </Link>
      <h1 className={styles.title}>{product.title}</h1>
      <p className={styles.price}>
        <MenuPrice
          amount={shown.price}
          from={priceVaries || shown.varies}
          fromClassName={styles.from}
        />
      </p>
      <p className={styles.description}>{product.description}</p>
      <DietaryLabels tags={product.tags} allergens={product.allergens} size="page" />
      {askLogin ? (
        <p className={styles.favoriteError} role="alert">
          {NOT_LOGGED_IN_ALERT}.{' '}
          <Link to={paths.login.getHref(paths.product.getHref(product.slug))}>Iniciar sesión</Link>
        </p>
      ) : null}
      {favoriteFailed ? (
        <p className={styles.favoriteError} role="alert">
          No pudimos actualizar tus favoritos. Intenta de nuevo en un momento.
        </p>
      ) : null}
    </div>
  );
}

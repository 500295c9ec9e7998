import type { ProductCard } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { Picture } from '@/components/ui/picture';
import { useWindowedList } from '@/lib/use-windowed-list';
import { DietaryLabels } from './dietary-labels';
import { MenuPrice } from './menu-price';
import styles from './category-view.module.css';

/** Product photos above the fold on a phone: load those eagerly, the rest as they scroll in. */
const EAGER_CARDS = 4;
/** The card's photo column: 92 px, 112 px from 400 px. */
const CARD_SIZES = '(min-width: 400px) 112px, 92px';

/**
 * Cards at a branch, or in the chain's menu before one is chosen; rendered as the customer
 * scrolls: a long category must not build every card before the first paint.
 */
export function ProductList({ products }: { products: readonly ProductCard[] }) {
  const { visible, hasMore, sentinel } = useWindowedList(products);
  return (
    <>
      <ul className={styles.list}>
        {visible.map((product, index) => (
          <li key={product.id}>
            <ProductCardItem product={product} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
      {hasMore ? <div ref={sentinel} className={styles.sentinel} aria-hidden="true" /> : null}
    </>
  );
}

function ProductCardItem({ product, eager }: { product: ProductCard; eager: boolean }) {
  const body = (
    <>
      <div className={styles.body}>
        <h2 className={styles.name}>{product.title}</h2>
        <p className={styles.description}>{product.description_eco}</p>
        <DietaryLabels tags={product.tags} allergens={product.allergens} />
        <p className={styles.priceRow}>
          <span className={styles.price}>
            <MenuPrice amount={product.price} from={product.price_varies} />
          </span>
          {product.available ? null : product.unavailable_reason === 'not_offered' ? (
            <span className={styles.note}>No disponible en esta sede</span>
          ) : (
            <span className={styles.badge}>Agotado</span>
          )}
        </p>
      </div>
      <Picture
        className={styles.image}
        src={product.image}
        kind="product"
        sizes={CARD_SIZES}
        alt=""
        width={480}
        height={480}
        load={eager ? 'eager' : 'lazy'}
      />
    </>
  );

  // Sold out or not sold here: shown, so the menu is honest, but no way to the product page
  // and so no way to add it.
  if (!product.available)
    return <div className={`${styles.card} ${styles.unavailable}`}>{body}</div>;
  return (
    <Link to={paths.product.getHref(product.slug)} className={styles.card}>
      {body}
    </Link>
  );
}

import {
  formatMoney,
  SHOWN_IMAGE_SIZES,
  type ChainProductCard,
  type CategoryWithProducts,
  type ProductCard,
} from '@comanda/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BackIcon } from '@/components/ui/control-icons';
import { useWindowedList } from '@/lib/use-windowed-list';
import { Picture } from '@/components/ui/picture';
import styles from './category-view.module.css';

/** Product photos above the fold on a phone: load those eagerly, the rest as they scroll in. */
const EAGER_CARDS = 4;
const SKELETON_CARDS = 6;
/** The card's photo column: 104 px, 112 px from 400 px. */
const CARD_SIZES = '(min-width: 400px) 112px, 104px';

/** A card at a branch, or in the chain's menu before one is chosen (with `price_varies`). */
type ShownCard = ProductCard | ChainProductCard;

/**
 * /category/:slug body (product.md «Screens and routes»): the category photo and title, then its
 * products at the branch, or, with `branchTitle` null, as the chain offers them (lowest prices).
 */
export function CategoryView({
  category,
  branchTitle,
}: {
  category: Omit<CategoryWithProducts, 'products'> & { products: ShownCard[] };
  branchTitle: string | null;
}) {
  const count = category.products.length;
  return (
    <div className={styles.page}>
      <title>{`${category.title} · Comanda`}</title>
      <div className={styles.hero}>
        <Picture
          className={styles.heroImage}
          src={category.photo}
          kind="category"
          sizes={SHOWN_IMAGE_SIZES.categoryHero}
          alt=""
          width={640}
          height={400}
          load="lcp"
        />
        <Link to={paths.menu.getHref()} className={styles.back}>
          <BackIcon />
          <span>Menú</span>
        </Link>
        <div className={styles.heroText}>
          <h1 className={styles.title}>{category.title}</h1>
          <p className={styles.meta}>
            {count} {count === 1 ? 'producto' : 'productos'} · {branchTitle ?? 'Todas las sedes'}
          </p>
        </div>
      </div>

      {count === 0 ? (
        <p className={styles.empty}>
          {branchTitle
            ? `Esta categoría aún no tiene productos en ${branchTitle}.`
            : 'Esta categoría aún no tiene productos.'}
        </p>
      ) : (
        <ProductList key={category.id} products={category.products} />
      )}
    </div>
  );
}

/** Rendered as the customer scrolls: a long category must not build every card before the first paint. */
function ProductList({ products }: { products: readonly ShownCard[] }) {
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

function ProductCardItem({ product, eager }: { product: ShownCard; eager: boolean }) {
  const body = (
    <>
      <div className={styles.body}>
        <h2 className={styles.name}>{product.title}</h2>
        <p className={styles.description}>{product.description_eco}</p>
        <p className={styles.priceRow}>
          <span className={styles.price}>
            {'price_varies' in product && product.price_varies ? 'Desde ' : null}
            {formatMoney(product.price)}
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

export function CategorySkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className="visually-hidden" role="status">
        Cargando productos…
      </p>
      <div className={`${styles.hero} ${styles.shimmer}`} aria-hidden="true">
        <div className={styles.heroImage} />
      </div>
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index}>
            <div className={styles.card}>
              <div className={styles.body}>
                <span className={`${styles.line} ${styles.shimmer}`} />
                <span className={`${styles.line} ${styles.lineLong} ${styles.shimmer}`} />
                <span className={`${styles.line} ${styles.lineShort} ${styles.shimmer}`} />
              </div>
              <div className={`${styles.image} ${styles.shimmer}`} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

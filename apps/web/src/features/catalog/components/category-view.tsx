import { SHOWN_IMAGE_SIZES, type CategoryWithProducts } from '@comanda/shared';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { BackIcon } from '@/components/ui/control-icons';
import { Picture } from '@/components/ui/picture';
import styles from './category-view.module.css';
import { ProductList } from './product-list';
import { pageTitle } from '@/lib/brand';

const SKELETON_CARDS = 6;

/**
 * /category/:slug body (product.md «Screens and routes»): the category photo and title, then its
 * products at the branch, or, with `branchTitle` null, as the chain offers them (lowest prices).
 * `promotions`: what the page says of the promotions that take its products, under the title.
 */
export function CategoryView({
  category,
  branchTitle,
  promotions,
}: {
  category: CategoryWithProducts;
  branchTitle: string | null;
  promotions?: ReactNode;
}) {
  const count = category.products.length;
  return (
    <div className={styles.page}>
      <title>{pageTitle(category.title)}</title>
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

      {promotions}
      <Link to={paths.search.getHref()} className="search-link">
        Buscar en el menú
      </Link>
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

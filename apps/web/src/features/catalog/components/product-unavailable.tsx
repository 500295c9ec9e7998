import type { Product } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './product-detail.module.css';

interface ProductUnavailableProps {
  product: Product;
  /** null before a branch is chosen: the chain's menu. */
  branchTitle: string | null;
}

/** In place of the options and "Agregar": why the product cannot be ordered here, and the way back to its category. */
export function ProductUnavailable({ product, branchTitle }: ProductUnavailableProps) {
  const notOffered = product.unavailable_reason === 'not_offered';
  return (
    <div className={styles.unavailable}>
      <p className={styles.unavailableTitle}>
        {notOffered
          ? `No disponible en ${branchTitle ?? 'ninguna sede'}`
          : `Agotado en ${branchTitle ?? 'todas las sedes'}`}
      </p>
      <p className={styles.unavailableText}>
        {notOffered
          ? 'Esta sede no ofrece este producto. Mira lo demás que tenemos para ti.'
          : 'Se nos acabó por hoy. Mira lo demás que tenemos para ti.'}
      </p>
      <Link to={paths.category.getHref(product.category.slug)} className={buttonClass('secondary')}>
        Volver a {product.category.title}
      </Link>
    </div>
  );
}

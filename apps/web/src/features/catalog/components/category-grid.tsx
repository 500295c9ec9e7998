import type { Category } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { Picture } from '@/components/ui/picture';
import { paths } from '@/config/paths';
import { useWindowedList } from '@/lib/use-windowed-list';
import styles from './category-grid.module.css';

/** The first row is visible right away on any screen: load those photos eagerly. */
const EAGER_TILES = 4;
const SKELETON_TILES = 12; // fills whole rows of 3 and of 4
/** A third of the screen on phones and tablets, a quarter of the 1100 px column from 900 px. */
const TILE_SIZES = '(min-width: 1100px) 250px, (min-width: 900px) 23vw, 31vw';

export function CategoryGrid({ categories }: { categories: readonly Category[] }) {
  // Whole rows of 3 and of 4 at a time; a chain with hundreds of categories renders as it scrolls.
  const { visible, hasMore, sentinel } = useWindowedList(categories, { first: 24, block: 48 });
  if (categories.length === 0) {
    return <p className={styles.empty}>Aún no hay categorías en el menú.</p>;
  }
  return (
    <>
      <ul className={styles.grid}>
        {visible.map((category, index) => (
          <li key={category.id}>
            <Link to={paths.category.getHref(category.slug)} className={styles.tile}>
              <Picture
                className={styles.photo}
                src={category.photo}
                kind="category"
                sizes={TILE_SIZES}
                // The title below names the link; the photo adds nothing for a screen reader.
                alt=""
                width={640}
                height={400}
                load={index < EAGER_TILES ? 'eager' : 'lazy'}
              />
              <span className={styles.title} data-longest-word={longestWord(category.title)}>
                {category.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hasMore ? <div ref={sentinel} className={styles.sentinel} aria-hidden="true" /> : null}
    </>
  );
}

export function CategoryGridSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Cargando el menú…
      </p>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: SKELETON_TILES }, (_, index) => (
          <li key={index}>
            <div className={`${styles.tile} ${styles.skeleton}`}>
              <div className={styles.photo} />
              <span className={styles.title}>
                <span className={styles.skeletonText} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A tile title shrinks only as much as its longest word needs to fit on one line, so
 * "Acompañamientos" stays whole in a 100 px tile while short titles keep their size. Said as a
 * data attribute that the stylesheet turns into `--longest-word`, so the server's HTML already
 * has it: an inline style would be refused by the CSP, and a value set after hydration left the
 * first paint with words cut in two ("Hamburguesa-s") until the JavaScript ran.
 */
function longestWord(title: string): number | undefined {
  const longest = Math.max(...title.split(/\s+/).map((word) => word.length));
  // Up to 10 letters fit at the full size; past 20 the stylesheet's largest step applies.
  return longest > 10 ? Math.min(longest, 20) : undefined;
}

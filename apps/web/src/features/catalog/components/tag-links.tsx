import { DIETARY_TAGS } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import styles from './tag-links.module.css';

/**
 * The menu's «Vegetariano», «Sin gluten»… : links to the search with that tag chosen, where the
 * filter itself (and its code) lives, so the menu's first load carries only these links.
 */
export function TagLinks() {
  return (
    <nav aria-label="Ver productos por etiqueta">
      <ul className={styles.links}>
        {DIETARY_TAGS.map(({ code, label }) => (
          <li key={code}>
            <Link to={paths.search.getHref(code)} className={styles.link}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

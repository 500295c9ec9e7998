import { allergenLabel, dietaryTagLabel } from '@comanda/shared';
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import styles from './dietary-labels.module.css';

/** Each tag's small glyph; the word beside it is what says it (the glyph is decorative). */
const TAG_ICONS: Record<string, ReactNode> = {
  vegetariano: <path d="M5 19c0-8 6-13 14-14-1 8-6 14-14 14zM5 19l7-7" />,
  vegano: <path d="M5 19c0-8 6-13 14-14-1 8-6 14-14 14zM5 19l7-7M9 9l2 2" />,
  'sin-gluten': <path d="M12 20V8m0 4-3-3m3 7-3-3m3-1 3-3m-3 7 3-3M4 4l16 16" />,
  picante: <path d="M14 6c3 0 5 2 5 5 0 5-6 9-12 9 4-3 4-7 4-11 0-2 1-3 3-3zM14 6c0-1 1-3 3-3" />,
};

const AllergenIcon = () => (
  <Icon className={styles.icon}>
    <path d="M12 3 2 20h20L12 3zM12 10v4M12 17v.5" />
  </Icon>
);

interface DietaryLabelsProps {
  tags?: readonly string[] | undefined;
  allergens?: readonly string[] | undefined;
  /** The card's one compact line, or the product page's fuller one. */
  size?: 'card' | 'page';
}

/**
 * A product's dietary tags (an icon with its word) and what allergens it contains ("Contiene:
 * gluten, lácteos"), in words a screen reader reads as written. Nothing when it has neither:
 * no tag does not mean free of allergens, so nothing is claimed.
 */
export function DietaryLabels({ tags = [], allergens = [], size = 'card' }: DietaryLabelsProps) {
  const tagLabels = tags.flatMap((code) => {
    const label = dietaryTagLabel(code);
    return label ? [{ code, label }] : [];
  });
  const allergenLabels = allergens.flatMap((code) => allergenLabel(code) ?? []);
  if (tagLabels.length === 0 && allergenLabels.length === 0) return null;
  return (
    <div className={`${styles.labels} ${size === 'page' ? styles.page : ''}`}>
      {tagLabels.length > 0 ? (
        <ul className={styles.tags} aria-label="Apto para">
          {tagLabels.map(({ code, label }) => (
            <li key={code} className={styles.tag} data-tag={code}>
              <Icon className={styles.icon}>{TAG_ICONS[code]}</Icon>
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      {allergenLabels.length > 0 ? (
        <p className={styles.allergens}>
          <AllergenIcon />
          <span>
            Contiene: {allergenLabels.map((label) => label.toLocaleLowerCase('es')).join(', ')}
          </span>
        </p>
      ) : null}
    </div>
  );
}

import { SHOWN_IMAGE_SIZES, type Banner } from '@comanda/shared';
import { useEffect, useRef, useState } from 'react';
import { Picture } from '@/components/ui/picture';
import styles from './banner-strip.module.css';

/**
 * The strip's first banner as an empty box while the list loads: the strip then fills it instead
 * of pushing the category grid down (a layout shift the customer sees, and CLS).
 */
export function BannerStripPlaceholder() {
  return (
    <ul className={styles.strip} aria-hidden="true">
      <li className={styles.item}>
        <div className={styles.image} />
      </li>
    </ul>
  );
}

/** product.md «Screens and routes»: the promotional strip, shown once the banner list has loaded. Swipe or scroll sideways. */
export function BannerStrip({ banners }: { banners: readonly Banner[] }) {
  const strip = useRef<HTMLUListElement>(null);
  // Banners scrolled out of the strip's view are not fetched until the strip brings them near:
  // the browser's own lazy loading counts a sideways scroller as in view and fetches them all.
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([0]));

  useEffect(() => {
    const list = strip.current;
    if (!list || typeof IntersectionObserver === 'undefined') {
      setNear(new Set(banners.map((_, index) => index)));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => Number((entry.target as HTMLElement).dataset.index));
        if (seen.length > 0) setNear((current) => new Set([...current, ...seen]));
      },
      // Half a banner ahead, so the next one is there before it slides in.
      { root: list, rootMargin: '0px 50%' },
    );
    for (const item of list.children) observer.observe(item);
    return () => observer.disconnect();
  }, [banners]);

  if (banners.length === 0) return null;
  const single = banners.length === 1;
  return (
    <section aria-label="Promociones">
      <ul
        ref={strip}
        className={single ? `${styles.strip} ${styles.single}` : styles.strip}
        // Scrollable sideways: focusable so keyboard users can scroll it too.
        tabIndex={single ? undefined : 0}
      >
        {banners.map((banner, index) => (
          <li key={banner.id} className={styles.item} data-index={index}>
            {near.has(index) ? (
              <Picture
                className={styles.image}
                src={banner.real_image}
                kind="banner"
                sizes={SHOWN_IMAGE_SIZES.menuBanner}
                alt={banner.title}
                width={1200}
                height={480}
                // The first banner is the largest thing on the menu's first screen.
                load={index === 0 ? 'lcp' : 'lazy'}
              />
            ) : (
              <div className={styles.image} role="img" aria-label={banner.title} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

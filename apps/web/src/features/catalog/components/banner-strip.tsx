import type { Banner } from '@comanda/shared';
import styles from './banner-strip.module.css';

/** product.md «Screens and routes»: the promotional strip, shown once the banner list has loaded. Swipe or scroll sideways. */
export function BannerStrip({ banners }: { banners: readonly Banner[] }) {
  if (banners.length === 0) return null;
  const single = banners.length === 1;
  return (
    <section aria-label="Promociones">
      <ul
        className={single ? `${styles.strip} ${styles.single}` : styles.strip}
        // Scrollable sideways: focusable so keyboard users can scroll it too.
        tabIndex={single ? undefined : 0}
      >
        {banners.map((banner, index) => (
          <li key={banner.id} className={styles.item}>
            <img
              className={styles.image}
              src={banner.real_image}
              alt={banner.title}
              width={1200}
              height={480}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

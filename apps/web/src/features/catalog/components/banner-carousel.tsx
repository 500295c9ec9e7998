import { SHOWN_IMAGE_SIZES, type Banner } from '@comanda/shared';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Picture } from '@/components/ui/picture';
import { ArrowGlyph, PauseGlyph, PlayGlyph } from './carousel-icons';
import styles from './banner-carousel.module.css';

/** product.md «Screens and routes, Business constants»: the sample carousel moves on every 5000 ms. */
const CAROUSEL_INTERVAL_MS = 5000;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

/**
 * The WAI-ARIA carousel pattern: a labelled region, one labelled slide shown at a time,
 * previous/next/pause buttons. It rotates every 5 s unless paused, hovered or focused (so a
 * slide never moves under the pointer or keyboard), and never on its own for customers who
 * ask their system for reduced motion.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const count = banners.length;
  const slidesId = useId();
  const [index, setIndex] = useState(0);
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    prefersReducedMotion,
    () => false,
  );
  // null until the customer presses pause/play: then their choice wins over the system setting.
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeStart = useRef<number | null>(null);
  // Slides shown so far: a slide's image is fetched when it is shown or next in turn, not all
  // on the first load (hidden slides would compete with the first one, the screen's LCP).
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));

  const paused = pausedByUser ?? reducedMotion;
  const rotating = count > 1 && !paused && !hovered && !focused;
  const current = index % count;
  if (!shown.has(current)) setShown(new Set([...shown, current]));

  // A new timer per slide: a manual move restarts the full 5 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  const go = (to: number) => setIndex(((to % count) + count) % count);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carrusel"
      aria-label="Promociones"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        id={slidesId}
        className={styles.viewport}
        // Announce a slide the customer moved to, not every automatic turn.
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (swipeStart.current === null) return;
          const dx = event.clientX - swipeStart.current;
          swipeStart.current = null;
          if (Math.abs(dx) > 40) go(current + (dx < 0 ? 1 : -1));
        }}
      >
        {/* No style on the first slide: server-rendered HTML would carry it as an inline style attribute, which the CSP refuses. */}
        <div
          className={styles.track}
          style={current ? { transform: `translateX(${-100 * current}%)` } : undefined}
        >
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              className={styles.slide}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${count}`}
              aria-hidden={i !== current}
              inert={i !== current}
            >
              {shown.has(i) || i === (current + 1) % count ? (
                <Picture
                  className={styles.image}
                  src={banner.real_image}
                  kind="banner"
                  sizes={SHOWN_IMAGE_SIZES.landingBanner}
                  alt={banner.title}
                  width={1200}
                  height={480}
                  load={i === 0 ? 'lcp' : 'lazy'}
                  draggable={false}
                />
              ) : (
                <div className={styles.image} role="img" aria-label={banner.title} />
              )}
            </div>
          ))}
        </div>
      </div>

      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            aria-label={paused ? 'Reanudar carrusel' : 'Pausar carrusel'}
            onClick={() => setPausedByUser(!paused)}
          >
            {paused ? <PlayGlyph /> : <PauseGlyph />}
          </button>
          <button
            type="button"
            className={styles.control}
            aria-controls={slidesId}
            aria-label="Promoción anterior"
            onClick={() => go(current - 1)}
          >
            <ArrowGlyph direction="left" />
          </button>
          <div className={styles.dots}>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={styles.dot}
                aria-controls={slidesId}
                aria-label={`Ver promoción ${i + 1}: ${banner.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <span aria-hidden="true" />
              </button>
            ))}
          </div>
          <button
            type="button"
            className={styles.control}
            aria-controls={slidesId}
            aria-label="Promoción siguiente"
            onClick={() => go(current + 1)}
          >
            <ArrowGlyph direction="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}

import { SHOWN_IMAGE_SIZES, type Banner } from '@comanda/shared';
import { useId } from 'react';
import { Link } from '@/components/ui/link';
import { Picture } from '@/components/ui/picture';
import { paths } from '@/config/paths';
import { useCarousel, useSwipe } from '../lib/use-carousel';
import { ArrowGlyph, PauseGlyph, PlayGlyph } from './carousel-icons';
import styles from './banner-carousel.module.css';

/**
 * The WAI-ARIA carousel pattern: a labelled region, one labelled slide shown at a time,
 * previous/next/pause buttons. It rotates every 5 s unless paused, hovered or focused (so a
 * slide never moves under the pointer or keyboard), and never on its own for customers who
 * ask their system for reduced motion.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const count = banners.length;
  const slidesId = useId();
  const { current, paused, rotating, go, loads, setPausedByUser, setHovered, setFocused } =
    useCarousel(count);
  const swipe = useSwipe((step) => go(current + step));

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
        {...swipe}
      >
        {/* No style on the first slide: server-rendered HTML would carry it as an inline style attribute, which the CSP refuses. */}
        <div
          className={styles.track}
          style={current ? { transform: `translateX(${-100 * current}%)` } : undefined}
        >
          {banners.map((banner, i) => (
            <BannerSlide
              key={banner.id}
              banner={banner}
              position={i}
              count={count}
              shown={i === current}
              loaded={loads(i)}
            />
          ))}
        </div>
      </div>

      {count > 1 ? (
        <CarouselControls
          banners={banners}
          slidesId={slidesId}
          current={current}
          paused={paused}
          onPause={() => setPausedByUser(!paused)}
          go={go}
        />
      ) : null}
    </section>
  );
}

interface BannerSlideProps {
  banner: Banner;
  /** Its place, from 0. */
  position: number;
  count: number;
  /** The one slide on screen: the others are hidden from assistive technology and from focus. */
  shown: boolean;
  /** Its picture is fetched; else an empty box of the same size holds its name. */
  loaded: boolean;
}

/**
 * One banner as a slide, its picture the screen's LCP when it is the first. A banner that
 * announces a promotion is a link to where it applies: its category's page, or the menu.
 */
function BannerSlide({ banner, position, count, shown, loaded }: BannerSlideProps) {
  const { promotion } = banner;
  const picture = <SlidePicture banner={banner} position={position} loaded={loaded} />;
  return (
    <div
      className={styles.slide}
      role="group"
      aria-roledescription="diapositiva"
      aria-label={`${position + 1} de ${count}`}
      aria-hidden={!shown}
      inert={!shown}
    >
      {promotion ? (
        <Link
          className={styles.link}
          to={
            promotion.category_slug
              ? paths.category.getHref(promotion.category_slug)
              : paths.menu.getHref()
          }
          draggable={false}
        >
          {picture}
        </Link>
      ) : (
        picture
      )}
    </div>
  );
}

/** A slide's picture, or while it is not fetched an empty box of the same size with its name. */
function SlidePicture({
  banner,
  position,
  loaded,
}: Pick<BannerSlideProps, 'banner' | 'position' | 'loaded'>) {
  return loaded ? (
    <Picture
      className={styles.image}
      src={banner.real_image}
      kind="banner"
      sizes={SHOWN_IMAGE_SIZES.landingBanner}
      alt={banner.title}
      width={1200}
      height={480}
      load={position === 0 ? 'lcp' : 'lazy'}
      draggable={false}
    />
  ) : (
    <div className={styles.image} role="img" aria-label={banner.title} />
  );
}

interface CarouselControlsProps {
  banners: readonly Banner[];
  /** The slides' id, which the buttons control. */
  slidesId: string;
  current: number;
  paused: boolean;
  onPause: () => void;
  go: (to: number) => void;
}

/** Pause or play, previous, one dot per banner, next. */
function CarouselControls({
  banners,
  slidesId,
  current,
  paused,
  onPause,
  go,
}: CarouselControlsProps) {
  return (
    <div className={styles.controls}>
      <button
        type="button"
        className={styles.control}
        aria-label={paused ? 'Reanudar carrusel' : 'Pausar carrusel'}
        onClick={onPause}
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
  );
}

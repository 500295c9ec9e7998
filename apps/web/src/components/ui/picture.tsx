import { imageSources, type ImageKind } from '@comanda/shared';

interface PictureProps {
  /** The canonical URL the API sends (`…/<name>.<hash>.webp`). */
  src: string;
  /** Which stored widths exist for it (packages/shared `IMAGE_WIDTHS`). */
  kind: ImageKind;
  /** How wide the image is shown, as in the `sizes` attribute: the browser picks the copy from it. */
  sizes: string;
  /** The canonical file's size: reserves the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  alt: string;
  className?: string;
  /**
   * `lcp`: the screen's largest first-screen image, fetched first (`fetchpriority="high"`);
   * `eager`: on the first screen; `lazy`: below or beside it, fetched as it comes near.
   */
  load?: 'lcp' | 'eager' | 'lazy';
  draggable?: boolean;
}

/**
 * A catalogue image as AVIF, else WebP, at the stored width closest to what the screen shows
 * (`srcset` + `sizes`, names by `imageSources`). A URL outside the naming rule is shown as is.
 */
export function Picture({
  src,
  kind,
  sizes,
  width,
  height,
  alt,
  className,
  load = 'lazy',
  draggable,
}: PictureProps) {
  const sources = imageSources(src, kind);
  const image = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={load === 'lcp' ? 'high' : undefined}
      decoding={load === 'lcp' ? undefined : 'async'}
      draggable={draggable}
    />
  );
  if (!sources) return image;
  return (
    // The <picture> box only carries the sources (`.picture-carrier`, display: contents in
    // global.css): the <img> stays the item its screen's stylesheet lays out. A class, not a
    // style prop: in server-rendered HTML a style attribute is inline style, which the CSP refuses.
    <picture className="picture-carrier">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {image}
    </picture>
  );
}

/**
 * Where the smaller copies of a catalogue image live. Every image the server stores has a
 * canonical URL (`…/<name>.<hash>.webp`, the widest WebP, what the contract's `image`, `photo`
 * and `real_image` fields carry) and, next to it, copies at the widths its kind is shown at, in
 * AVIF and WebP: `…/<name>.<hash>.w<width>.<avif|webp>`. The server writes them (the seed's
 * artwork script, the back office's uploads); the storefront turns a canonical URL into a
 * `srcset` with `imageSources`. One rule on both sides, so neither guesses the other's names.
 */
export type ImageKind = 'product' | 'category' | 'banner' | 'coupon';
export type ImageFormat = 'avif' | 'webp';

/** The widths (px) each kind of image is stored at, narrowest first; the last is the canonical one's. */
export const IMAGE_WIDTHS: Record<ImageKind, readonly number[]> = {
  product: [160, 320, 480],
  category: [240, 480, 640],
  banner: [400, 800, 1200],
  coupon: [360, 720],
};

/** `/images/x/name.1a2b3c4d.webp`: a canonical URL this rule applies to (and its stem). */
const CANONICAL = /^(\/images\/.+\.[0-9a-f]{8,64})\.webp$/;

/** The URL of one stored copy of a canonical image. */
export function imageVariantUrl(
  canonical: string,
  width: number,
  format: ImageFormat,
): string | null {
  const stem = CANONICAL.exec(canonical)?.[1];
  return stem ? `${stem}.w${width}.${format}` : null;
}

/** `srcset` strings per format for an image of a kind, or null for a URL the rule does not cover. */
export function imageSources(
  canonical: string,
  kind: ImageKind,
): Record<ImageFormat, string> | null {
  if (!CANONICAL.test(canonical)) return null;
  const set = (format: ImageFormat) =>
    IMAGE_WIDTHS[kind]
      .map((width) => `${imageVariantUrl(canonical, width, format)} ${width}w`)
      .join(', ');
  return { avif: set('avif'), webp: set('webp') };
}

/**
 * The photo of a product saved without one (scripts/generate-placeholder-image.mjs draws it): an
 * empty plate on the brand's soft red, with its copies like any catalogue image. The server stores
 * it in place of an empty image, so every reader (menu, cart, orders, favourites) has a picture.
 */
export const PRODUCT_PLACEHOLDER_IMAGE = '/images/products/sin-foto.db4f84e2.webp';

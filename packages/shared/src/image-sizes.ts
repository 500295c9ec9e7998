/**
 * How wide the storefront shows the images that are a landing screen's largest element, as the
 * `sizes` of their `srcset`. The storefront's `Picture` uses them, and the server names the same
 * image in the page's HTML (`<link rel=preload as=image imagesizes>`) before any script has run:
 * with different `sizes` the browser would pick another copy and download the image twice.
 */
export const SHOWN_IMAGE_SIZES = {
  /** `/`: the carousel spans the content column (1100 px at most). */
  landingBanner: '(min-width: 1100px) 1100px, 100vw',
  /** `/menu`: 88 % of the screen on phones, two per row from 700 px. */
  menuBanner: '(min-width: 1100px) 530px, (min-width: 700px) 48vw, 88vw',
  /** `/category/:slug`: full width on phones; beside the title, at most 440 px, from 700 px. */
  categoryHero: '(min-width: 700px) 440px, 100vw',
  /** `/producto/:slug`: min(240px, 66vw) on phones, up to 380 px beside the options from 800 px. */
  productPhoto: '(min-width: 800px) 380px, 240px',
} as const;

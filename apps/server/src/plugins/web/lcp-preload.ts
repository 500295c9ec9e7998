import {
  imageSources,
  renderedScreenOf,
  screenSlug,
  type RenderedScreen,
  SHOWN_IMAGE_SIZES,
  type Banner,
  type Category,
  type ImageKind,
  type Product,
} from '@comanda/shared';
import type { FastifyInstance } from 'fastify';

/**
 * The image that is the landing screen's largest element (its LCP), named first in the HTML's
 * head so it is requested before the stylesheets and scripts, not queued behind them. Read from
 * the catalogue's cached answers (a product's photo is the same at every branch: the chain's
 * answer names it).
 */
const LCP_IMAGE_OF_SCREEN: Record<
  RenderedScreen,
  (app: FastifyInstance, path: string) => Promise<LcpImage | null>
> = {
  landing: async (app) => firstBanner(app, SHOWN_IMAGE_SIZES.landingBanner),
  menu: async (app) => firstBanner(app, SHOWN_IMAGE_SIZES.menuBanner),
  category: async (app, path) => {
    const slug = screenSlug(path);
    const list = (await app.catalog.categories())?.value as { results: Category[] } | undefined;
    const photo = list?.results.find((category) => category.slug === slug)?.photo;
    return photo ? { url: photo, kind: 'category', sizes: SHOWN_IMAGE_SIZES.categoryHero } : null;
  },
  product: async (app, path) => {
    const answer = (await app.chainMenu.product(screenSlug(path)))?.value as
      { results: Product } | undefined;
    const photo = answer?.results.image;
    return photo ? { url: photo, kind: 'product', sizes: SHOWN_IMAGE_SIZES.productPhoto } : null;
  },
};

interface LcpImage {
  url: string;
  kind: ImageKind;
  sizes: string;
}

async function firstBanner(app: FastifyInstance, sizes: string): Promise<LcpImage | null> {
  const list = (await app.catalog.banners())?.value as { results: Banner[] } | undefined;
  const banner = list?.results[0];
  return banner ? { url: banner.real_image, kind: 'banner', sizes } : null;
}

/** Where the LCP image's preload goes: after the viewport (or the head's start), before any link. */
const EARLY_IN_HEAD = /<meta name="viewport"[^>]*>|<head>(?![\s\S]*<meta name="viewport")/;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<link rel=preload>` for the AVIF copy the page's `<picture>` will pick (browsers without AVIF skip it). */
async function lcpPreload(app: FastifyInstance, path: string): Promise<string> {
  const screen = renderedScreenOf(path);
  const find = screen ? LCP_IMAGE_OF_SCREEN[screen] : undefined;
  if (!find) return '';
  try {
    const image = await find(app, path);
    const sources = image && imageSources(image.url, image.kind);
    if (!image || !sources) return '';
    return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${attribute(sources.avif)}" imagesizes="${attribute(image.sizes)}">`;
  } catch (error) {
    // A head start, never a reason for the page itself to fail.
    app.log.warn({ err: error, path }, 'could not name the page image to preload');
    return '';
  }
}

/** The page's HTML with its LCP image's preload, when it has one. */
export async function withLcpPreload(
  app: FastifyInstance,
  html: Buffer,
  path: string,
): Promise<Buffer | string> {
  const image = await lcpPreload(app, path);
  // Right after the viewport: ahead of the stylesheets and the modulepreloads, which
  // would otherwise take the browser's first connections.
  return image ? html.toString('utf8').replace(EARLY_IN_HEAD, (at) => `${at}${image}`) : html;
}

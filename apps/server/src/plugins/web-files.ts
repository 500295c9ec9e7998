import type { Branch, Category, CategoryWithProducts } from '@comanda/shared';
import type { FastifyInstance } from 'fastify';

/** What the manifest says about the chain (its brand settings; decision 040). */
export interface ManifestBrand {
  name: string;
  shortName: string;
  themeColor: string;
  backgroundColor: string;
}

/** The storefront's web app manifest: installable with the chain's name, colours and icons. */
export function webManifest(brand: ManifestBrand) {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: brand.name,
    short_name: brand.shortName,
    description: `Pide en línea en ${brand.name}: para recoger o a domicilio.`,
    lang: 'es',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: brand.themeColor,
    background_color: brand.backgroundColor,
    categories: ['food', 'shopping'],
    // Made by the web build from the chain's logo (apps/web/pwa.config.ts).
    icons: [
      icon('icon', 192, 'any'),
      icon('icon', 512, 'any'),
      icon('maskable', 192, 'maskable'),
      icon('maskable', 512, 'maskable'),
    ],
  };
}

const xmlText = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * The storefront's sitemap: the landing, the menu, every category page and every product page,
 * from the catalogue's cached answers (the products as the chain's first branch lists them, the
 * branch a crawler's page is priced at). The storefront's links are built the same way
 * (apps/web/src/config/paths.ts: `/category/:slug`, `/producto/:slug`).
 */
export async function sitemap(app: FastifyInstance, origin: string): Promise<string> {
  const results = <T>(answer: { value: unknown } | null | undefined) =>
    ((answer?.value as { results?: T } | undefined)?.results ?? null) as T | null;
  const categories = results<Category[]>(await app.catalog.categories()) ?? [];
  const branch = results<Branch[]>(await app.catalog.branches())?.[0];
  const products = new Set<string>();
  if (branch) {
    for (const category of categories) {
      const listed = results<CategoryWithProducts>(
        await app.catalog.category(category.slug, branch.id),
      );
      for (const product of listed?.products ?? []) products.add(product.slug);
    }
  }
  const urls = [
    '/',
    '/menu',
    ...categories.map((category) => `/category/${encodeURIComponent(category.slug)}`),
    ...[...products].map((slug) => `/producto/${encodeURIComponent(slug)}`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((path) => `<url><loc>${xmlText(origin + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

import type { BrandSettings } from '@comanda/shared';
import { escapeHtml as escapeAttribute } from '../../lib/escape-html';

/**
 * index.html with the chain's brand (decision 046): its generic title, its theme colour,
 * `<meta name="application-name">` (the browser's name for the app), and `<html data-brand>`,
 * which the storefront reads for its header and every title (apps/web/src/lib/brand.ts).
 */
export function withBrand(html: Buffer | string, brand: BrandSettings): string {
  const name = escapeAttribute(brand.name);
  const meta = `<meta name="application-name" content="${name}">`;
  let page = html
    .toString()
    .replace(
      /<html[^>]*>/,
      (tag) => `${tag.slice(0, -1).replace(/ data-brand="[^"]*"/, '')} data-brand="${name}">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      `<meta name="theme-color" content="${escapeAttribute(brand.color)}">`,
    );
  const named = /<meta name="application-name" content="[^"]*"\s*\/?>/;
  page = named.test(page) ? page.replace(named, meta) : page.replace('</head>', `${meta}</head>`);
  return page;
}

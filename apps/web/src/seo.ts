import type { Banner, Branch, Category, CategoryWithProducts, Product } from '@comanda/shared';
import { paths } from '@/config/paths';
import { brandName } from '@/lib/brand';

/**
 * What the server adds to a rendered page's <head> for search engines and link previews
 * (decision 030): a description, the canonical URL, Open Graph tags and schema.org JSON-LD (the
 * chain as a `Restaurant` with its branches; the menu as `Menu` → `MenuSection` → `MenuItem` with
 * an `Offer`). Written as markup beside React's output, never hydrated: the browser's React does
 * not render them, so they cannot disagree with it.
 */
export interface PageFacts {
  origin: string;
  path: string;
  branches: readonly Branch[];
  /** The branch whose prices the page states: the visitor's, else the chain's first. */
  branch: Branch | null;
  /** The title the rendered screen gave itself (`<title>` text). */
  screenTitle?: string;
  banners?: readonly Banner[] | null;
  categories?: readonly Category[] | null;
  category?: CategoryWithProducts | null;
  product?: Product | null;
}

export interface PageHead {
  /** The page's own `<title>` when the rendered screen names another (a "choose a branch" notice). */
  title: string | null;
  tags: string;
}

const CURRENCY = 'COP';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside `<script>`: `<` escaped so no `</script>` can end it early. */
const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

function restaurant(facts: PageFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: brandName(),
    url: `${facts.origin}/`,
    hasMenu: `${facts.origin}${paths.menu.getHref()}`,
    department: facts.branches.map((branch) => ({
      '@type': 'Restaurant',
      name: `${brandName()} ${branch.title}`,
      telephone: branch.phone,
      address: {
        '@type': 'PostalAddress',
        streetAddress: branch.address,
        addressLocality: branch.city,
      },
    })),
  };
}

function menuItem(
  facts: PageFacts,
  item: { slug: string; title: string; image: string; price: number; available: boolean },
  description: string,
) {
  return {
    '@type': 'MenuItem',
    name: item.title,
    description,
    url: `${facts.origin}${paths.product.getHref(item.slug)}`,
    image: `${facts.origin}${item.image}`,
    offers: {
      '@type': 'Offer',
      price: item.price,
      priceCurrency: CURRENCY,
      availability: item.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(facts.branch
        ? { offeredBy: { '@type': 'Restaurant', name: `${brandName()} ${facts.branch.title}` } }
        : {}),
    },
  };
}

function menu(facts: PageFacts, sections: unknown[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: `Menú de ${brandName()}`,
    url: `${facts.origin}${paths.menu.getHref()}`,
    inLanguage: 'es',
    hasMenuSection: sections,
  };
}

/** What a page says about itself: its own title, description, picture and structured data. */
interface PageSubject {
  title: string | null;
  description: string;
  image: string | undefined;
  data: unknown[];
}

/** What one part of the page (the menu, a category, a product) adds to, or changes in, its subject. */
interface SubjectPart {
  title?: string;
  description: string;
  image?: string;
  data: unknown;
}

function menuPart(facts: PageFacts, categories: readonly Category[]): SubjectPart {
  return {
    description: `Menú de ${brandName()}: ${categories.map((category) => category.title).join(', ')}. Pide para recoger o a domicilio.`,
    data: menu(
      facts,
      categories.map((category) => ({
        '@type': 'MenuSection',
        name: category.title,
        url: `${facts.origin}${paths.category.getHref(category.slug)}`,
        image: `${facts.origin}${category.photo}`,
      })),
    ),
  };
}

function categoryPart(facts: PageFacts, category: CategoryWithProducts): SubjectPart {
  return {
    title: `${category.title} · ${brandName()}`,
    description: `${category.title} en ${brandName()}: ${category.products.map((product) => product.title).join(', ')}.`,
    image: category.photo,
    data: menu(facts, [
      {
        '@type': 'MenuSection',
        name: category.title,
        url: `${facts.origin}${facts.path}`,
        image: `${facts.origin}${category.photo}`,
        hasMenuItem: category.products.map((product) =>
          menuItem(facts, product, product.description_eco),
        ),
      },
    ]),
  };
}

function productPart(facts: PageFacts, product: Product): SubjectPart {
  return {
    title: `${product.title} · ${brandName()}`,
    description: product.description_eco || product.description || product.title,
    image: product.image,
    data: { '@context': 'https://schema.org', ...menuItem(facts, product, product.description) },
  };
}

/** The chain's subject, then each part the page shows, the narrower one winning (a product over its menu). */
function pageSubject(facts: PageFacts): PageSubject {
  const parts = [
    facts.categories ? menuPart(facts, facts.categories) : null,
    facts.category ? categoryPart(facts, facts.category) : null,
    facts.product ? productPart(facts, facts.product) : null,
  ];
  let subject: PageSubject = {
    title: null,
    description: 'Pide en línea para recoger o a domicilio.',
    image: facts.banners?.[0]?.real_image,
    data: [restaurant(facts)],
  };
  for (const part of parts) {
    if (!part) continue;
    subject = {
      title: part.title ?? subject.title,
      description: part.description,
      image: part.image ?? subject.image,
      data: [...subject.data, part.data],
    };
  }
  return subject;
}

export function pageHead(facts: PageFacts): PageHead {
  const url = `${facts.origin}${facts.path}`;
  const { title, description, image, data } = pageSubject(facts);
  const tags = [
    `<meta name="description" content="${escape(description)}">`,
    `<link rel="canonical" href="${escape(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escape(brandName())}">`,
    `<meta property="og:title" content="${escape(title ?? facts.screenTitle ?? brandName())}">`,
    `<meta property="og:description" content="${escape(description)}">`,
    `<meta property="og:url" content="${escape(url)}">`,
    `<meta property="og:locale" content="es_CO">`,
    ...(image ? [`<meta property="og:image" content="${escape(facts.origin + image)}">`] : []),
    ...data.map(jsonLd),
  ].join('');
  return { title, tags };
}

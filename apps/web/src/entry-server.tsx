import {
  MESSAGES,
  renderedScreenOf,
  screenSlug,
  type Banner,
  type Branch,
  type Category,
  type CategoryWithProducts,
  type ChainCategory,
  type ChainProduct,
  type CoverageEntry,
  type Product,
} from '@comanda/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
// The Web Streams build, not the Node one: the Node build runs every render inside an
// AsyncLocalStorage, which turns on Node's async hooks for the rest of the process, and every
// later request, page or not, pays for them (docs/decisions/059).
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes, isStorefrontPath } from '@/app/router';
import { coverageQueryOptions } from '@/entities/delivery/api/get-coverage';
import { branchesQueryOptions } from '@/features/branches/api/get-branches';
import { productQueryOptions } from '@/entities/product/api/get-product';
import { bannersQueryOptions } from '@/features/catalog/api/get-banners';
import { categoriesQueryOptions } from '@/features/catalog/api/get-categories';
import { categoryQueryOptions } from '@/features/catalog/api/get-category';
import { chainCategoryQueryOptions } from '@/features/catalog/api/get-chain-category';
import { chainProductQueryOptions } from '@/features/catalog/api/get-chain-product';
import { ApiError } from '@/lib/api-client';
import { setServerBrand } from '@/lib/brand';
import { createQueryClient } from '@/lib/query-client';
import { createServerSession, type ServerDelivery } from '@/stores/session-store';
import { pageHead, type PageFacts } from './seo';

/**
 * The server's view of the catalogue (apps/server/src/plugins/web.ts hands in the catalogue
 * module's cached reads): what the API would answer, `null` for "not found".
 */
export interface ServerCatalog {
  branches(): Promise<Branch[] | null>;
  banners(): Promise<Banner[] | null>;
  categories(): Promise<Category[] | null>;
  category(slug: string, branchId: number): Promise<CategoryWithProducts | null>;
  product(slug: string, branchId: number): Promise<Product | null>;
  /** The chain's answers before a branch is chosen (GET /api/menu/…, decision 042). */
  chainCategory(slug: string): Promise<ChainCategory | null>;
  chainProduct(slug: string): Promise<ChainProduct | null>;
  /** The branches that deliver to a neighbourhood (GET /api/delivery/coverage). */
  coverage(neighbourhood: string): Promise<CoverageEntry[] | null>;
}

export interface RenderedPage {
  status: 200 | 404;
  /** The page's `<title>`, `<meta>` and `<link>` elements, for `<head>`. */
  head: string;
  /** The app's markup, for `<div id="root">`. */
  body: string;
  /**
   * The answers the page was rendered with and the branch it assumed, as JSON for the page's
   * `<script type="application/json" id="ssr-state">`; `null` on a 404, which the browser renders
   * afresh instead of hydrating.
   */
  state: string | null;
}

/** What the browser reads from `#ssr-state` (main.tsx). */
export interface ServerState {
  branch: Branch | null;
  /** The order type the page was rendered for: a delivery (and where to), or `null`, a pickup. */
  delivery: ServerDelivery | null;
  queries: [QueryKey, unknown][];
}

/**
 * Whether `path` is one of the storefront's routes (router.tsx's table, the console included):
 * the server answers any other path with HTTP 404 and the not-found page.
 */
export { isStorefrontPath };

/**
 * Puts into `client` the answers `path`'s screen reads on its first render, by the same query
 * keys the screen uses, and gathers what the page's <head> states (seo.ts). `found` is false
 * when the screen's own item does not exist (a 404).
 */
async function load(
  client: QueryClient,
  path: string,
  branch: Branch | null,
  branches: Branch[],
  catalog: ServerCatalog,
  delivery: ServerDelivery | null,
): Promise<{ found: boolean; facts: Omit<PageFacts, 'origin' | 'path'> }> {
  const put = <T,>(key: QueryKey, data: T | null) => {
    if (data !== null) client.setQueryData(key, data);
  };
  // The screen shows its own "no encontrado" from the error, as after a 404 from the API.
  const notFound = (key: QueryKey, message: string) =>
    client
      .getQueryCache()
      .build(client, { queryKey: key })
      .setState({ status: 'error', error: new ApiError(404, message), errorUpdatedAt: Date.now() });
  // Prices are a branch's: without the visitor's, the head states the chain's first branch's.
  const priced = branch ?? branches[0] ?? null;
  const facts = { branches, branch: priced };
  const screen = renderedScreenOf(path);
  // The chosen branch as the list has it now (open, paused, its estimate): the delivery line
  // reads it, so the page carries it rather than the browser asking for it while it hydrates.
  if (branch && screen !== 'landing') put(branchesQueryOptions().queryKey, branches);
  // The delivery line says the fee, minimum and estimate from the first paint on: the menu
  // always shows it, a category or product page while the branch takes no orders.
  if (delivery?.neighbourhood && screen !== 'landing') {
    const options = coverageQueryOptions(delivery.neighbourhood);
    put(options.queryKey, await catalog.coverage(delivery.neighbourhood));
  }
  if (screen === 'landing' || screen === 'menu') {
    const banners = await catalog.banners();
    put(bannersQueryOptions().queryKey, banners);
    if (screen === 'landing') return { found: true, facts: { ...facts, banners } };
    const categories = await catalog.categories();
    put(categoriesQueryOptions().queryKey, categories);
    return { found: true, facts: { ...facts, banners, categories } };
  }
  const slug = screenSlug(path);
  if (!priced) return { found: false, facts };
  if (screen === 'category') {
    const category = await catalog.category(slug, priced.id);
    // The screen reads its branch's answer, or before one is chosen the chain's (decision 042).
    const [key, shown] = branch
      ? [categoryQueryOptions(slug, branch.id).queryKey, category]
      : [chainCategoryQueryOptions(slug).queryKey, await catalog.chainCategory(slug)];
    if (shown) put(key, shown);
    else notFound(key, MESSAGES.categoryNotFound);
    return { found: category !== null, facts: { ...facts, category } };
  }
  const product = await catalog.product(slug, priced.id);
  const [key, shown] = branch
    ? [productQueryOptions(slug, branch.id).queryKey, product]
    : [chainProductQueryOptions(slug).queryKey, await catalog.chainProduct(slug)];
  if (shown) put(key, shown);
  else notFound(key, MESSAGES.productNotFound);
  return { found: product !== null, facts: { ...facts, product } };
}

/** React's hoisted elements come first in the output of a root that is not a whole document. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)/;

function splitHead(markup: string): { head: string; body: string } {
  let head = '';
  let body = markup;
  for (let match = HOISTED.exec(body); match; match = HOISTED.exec(body)) {
    head += match[0];
    body = body.slice(match[0].length);
  }
  return { head, body };
}

/** `</script>` cannot appear inside the state's `<script>` element; `<` is escaped everywhere. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/**
 * Renders one of the four storefront screens as HTML, for the branch and the order type the
 * visitor's cookies name (or none, a pickup), from the server's catalogue. `null` for a path it
 * does not render. Renders run side by side: each has its own session store (decision 066).
 */
export function render(
  path: string,
  branchId: number | null,
  catalog: ServerCatalog,
  origin: string,
  delivery: ServerDelivery | null = null,
  /** The chain's brand name (decision 046): the same the page's `application-name` carries. */
  brand = '',
): Promise<RenderedPage | null> {
  // Module-wide, unlike the session: every render is given the chain's one name. Only a render
  // that overlaps a rename in Marca may show either name (decision 066).
  setServerBrand(brand);
  return renderNow(path, branchId, catalog, origin, delivery);
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function renderNow(
  path: string,
  branchId: number | null,
  catalog: ServerCatalog,
  origin: string,
  delivery: ServerDelivery | null,
): Promise<RenderedPage | null> {
  // Not a route at all: the not-found page, as a 404. A route the server does not render: null.
  const unknown = !isStorefrontPath(path);
  if (!renderedScreenOf(path) && !unknown) return null;
  const branches = (await catalog.branches()) ?? [];
  const branch = branchId === null ? null : (branches.find((b) => b.id === branchId) ?? null);
  const client = createQueryClient();
  // A failed answer stays failed while rendering (the server fetches nothing itself).
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retryOnMount: false },
  });
  const { found, facts } = unknown
    ? { found: false, facts: { branches, branch } }
    : await load(client, path, branch, branches, catalog, delivery);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider client={client} session={createServerSession(branch, delivery)}>
        {/* An unknown item without a branch: the not-found screen (with one, the screen's own). */}
        <StaticRouter location={found || (branch && !unknown) ? path : '/no-encontrado'}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    { signal: AbortSignal.timeout(5_000) },
  );
  // Decoded as one text: a character split between two chunks stays whole.
  const markup = await new Response(prelude).text();
  const { head: hoisted, body } = splitHead(markup);
  const screenTitle = /<title>([^<]*)<\/title>/
    .exec(hoisted)?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  const seo = found ? pageHead({ ...facts, origin, path, screenTitle }) : null;
  // The item's own title when the screen shows another (a "choose a branch" notice, to a crawler).
  const head =
    seo?.title && !branch
      ? hoisted.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(seo.title)}</title>`)
      : hoisted;
  const queries = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query): [QueryKey, unknown] => [query.queryKey, query.state.data]);
  const state: ServerState = { branch, delivery, queries };
  return {
    status: found ? 200 : 404,
    head: head + (seo?.tags ?? ''),
    body,
    state: found ? scriptSafe(JSON.stringify(state)) : null,
  };
}

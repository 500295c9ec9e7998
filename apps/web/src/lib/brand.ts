/**
 * The chain's brand name (back office Marca, decision 046). The server writes it into every page
 * (`<html data-brand>`, beside `<meta name="application-name">` for the browser) and renders its
 * pages with the same name, so the browser reads it from the page and hydration sees the text the
 * server wrote: the brand costs the storefront no request. Read from the `<html>` dataset, as the
 * app already marks it interactive there, so the reader is a few bytes of /menu's budget.
 */
let rendering: string | undefined;

/** The server render's brand (entry-server.tsx), set before it renders a page. */
export function setServerBrand(name: string): void {
  rendering = name;
}

/** The chain's name, as the header and every title show it. */
export const brandName = (): string =>
  // index.html always carries it; the server render sets its own first.
  rendering ?? document.documentElement.dataset.brand!;

/** A document title: the screen's name, then the chain's (`Menú · La Brasa Dorada`). */
export const pageTitle = (title: string): string => `${title} · ${brandName()}`;

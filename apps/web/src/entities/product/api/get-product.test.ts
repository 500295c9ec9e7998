import { MESSAGES, type Product } from '@comanda/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchProductsIfSold } from './get-product';

const product = (slug: string) => ({ id: slug.length, slug, title: slug }) as unknown as Product;

/** A stand-in for the API: `answers` maps a request path to its status and body. */
function serve(answers: Record<string, [number, unknown]>) {
  const fetchMock = vi.fn(async (url: string) => {
    const [status, body] = answers[url] ?? [500, { message: 'unexpected request' }];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchProductsIfSold', () => {
  it('maps each slug to the product, or to null when the branch does not sell it', async () => {
    serve({
      '/api/products/pizza/3': [200, { results: product('pizza') }],
      '/api/products/soda/3': [404, { message: 'Producto no encontrado' }],
    });
    const products = await fetchProductsIfSold(new QueryClient(), ['pizza', 'soda'], 3);
    expect(products.get('pizza')?.slug).toBe('pizza');
    expect(products.get('soda')).toBeNull();
  });

  it('fails when the branch itself is missing: one thing to show, not every product unsold', async () => {
    serve({ '/api/products/pizza/99': [404, { message: MESSAGES.branchNotFound }] });
    await expect(fetchProductsIfSold(new QueryClient(), ['pizza'], 99)).rejects.toThrow(
      MESSAGES.branchNotFound,
    );
  });

  it("reuses a product read a moment ago, unless asked for today's copy (staleTime 0)", async () => {
    const fetchMock = serve({ '/api/products/pizza/3': [200, { results: product('pizza') }] });
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await fetchProductsIfSold(queryClient, ['pizza'], 3);
    await fetchProductsIfSold(queryClient, ['pizza'], 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchProductsIfSold(queryClient, ['pizza'], 3, { staleTime: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

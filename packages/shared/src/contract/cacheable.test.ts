import { describe, expect, it } from 'vitest';
import { offlineEndpoints, offlinePathname, offlineUrl } from './cacheable';
import * as storefront from './endpoints/storefront';
import { contract } from './index';

describe('the cache marks (decision 063)', () => {
  it('are on public storefront GETs only', () => {
    const marked = Object.entries(contract).filter(([, entry]) => 'cache' in entry);
    expect(marked.length).toBeGreaterThan(0);
    for (const [name, entry] of marked) {
      expect(Object.keys(storefront), name).toContain(name);
      expect(entry.method, name).toBe('GET');
      expect(['public', 'optional'], name).toContain(entry.access);
    }
  });

  it('make the service worker keep the catalogue and the delivery answers, and nothing else', () => {
    expect(offlineEndpoints().map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(['/api/branch-office', '/api/products/:slug/:branchId']),
    );
    for (const kept of [
      '/api/branch-office',
      '/api/category-client',
      '/api/banner',
      '/api/category/tacos/3',
      '/api/products/taco-al-pastor/3',
      '/api/menu/category/tacos',
      '/api/menu/products/taco-al-pastor',
      '/api/cart-type-payment',
      '/api/parameters-segment/survey',
      '/api/social-links',
      '/api/delivery/neighbourhoods',
      '/api/delivery/coverage',
    ]) {
      expect(offlinePathname().test(kept), kept).toBe(true);
      expect(offlineUrl().test(`https://pedidos.example.co${kept}?neighbourhood=Centro`)).toBe(
        true,
      );
    }
    for (const other of [
      '/api/branch-office/',
      '/api/category/tacos',
      '/api/category-client/3',
      '/api/coupon-branch/3',
      '/api/orders/1',
      '/api/me',
      '/menu',
    ]) {
      expect(offlinePathname().test(other), other).toBe(false);
      expect(offlineUrl().test(`http://localhost:3000${other}`), other).toBe(false);
    }
  });

  it('leave every entry with its declared access', () => {
    for (const [name, entry] of Object.entries(contract)) expect(entry.access, name).toBeDefined();
  });
});
